import { describe, expect, it } from "vitest";
import { createWriteBatcher } from "./write-batcher";

/** A write that records each batch it is given and answers each input doubled (or an Error for negatives). */
function recordingWrite(delayMs = 5) {
  const batches: number[][] = [];
  let writing = 0;
  let mostAtOnce = 0;
  const write = async (inputs: readonly number[]) => {
    batches.push([...inputs]);
    writing += 1;
    mostAtOnce = Math.max(mostAtOnce, writing);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    writing -= 1;
    return inputs.map((n) => (n < 0 ? new Error(`refused ${n}`) : n * 2));
  };
  return { write, batches, mostAtOnce: () => mostAtOnce };
}

describe("write batcher", () => {
  it("writes what arrives together as one batch and answers each input with its own result", async () => {
    const recording = recordingWrite();
    const batcher = createWriteBatcher({ maxBatch: 100, slots: 2, write: recording.write });
    const answers = await Promise.all([1, 2, 3, 4].map((n) => batcher.submit(n)));
    expect(answers).toEqual([2, 4, 6, 8]);
    expect(recording.batches).toEqual([[1, 2, 3, 4]]);
  });

  it("refuses one input without failing the others of its batch", async () => {
    const batcher = createWriteBatcher({ maxBatch: 100, slots: 1, write: recordingWrite().write });
    const answers = await Promise.allSettled([5, -1, 6].map((n) => batcher.submit(n)));
    expect(answers.map((answer) => answer.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((answers[1] as PromiseRejectedResult).reason.message).toBe("refused -1");
  });

  it("gathers what arrives while its slots are busy into the next batch, never past its slots or size", async () => {
    const recording = recordingWrite(20);
    const batcher = createWriteBatcher({ maxBatch: 10, slots: 2, write: recording.write });
    const first = [batcher.submit(0)];
    await new Promise((resolve) => setTimeout(resolve, 1));
    const second = [batcher.submit(100)];
    await new Promise((resolve) => setTimeout(resolve, 1));
    // Both slots are writing now: these 25 wait, then go as batches of at most 10.
    const rest = Array.from({ length: 25 }, (_, n) => batcher.submit(n + 1));
    const answers = await Promise.all([...first, ...second, ...rest]);
    expect(answers).toEqual([0, 200, ...Array.from({ length: 25 }, (_, n) => (n + 1) * 2)]);
    expect(recording.batches.slice(0, 2)).toEqual([[0], [100]]);
    expect(recording.batches.slice(2).map((batch) => batch.length)).toEqual([10, 10, 5]);
    expect(recording.mostAtOnce()).toBe(2);
  });

  it("frees its slot when a batch's write fails, and fails only that batch", async () => {
    let calls = 0;
    const batcher = createWriteBatcher<number, number>({
      maxBatch: 10,
      slots: 1,
      write: async (inputs) => {
        calls += 1;
        if (calls === 1) throw new Error("connection lost");
        return inputs.map((n) => n);
      },
    });
    await expect(batcher.submit(1)).rejects.toThrow("connection lost");
    await expect(batcher.submit(2)).resolves.toBe(2);
  });
});
