import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { MyReward } from "../../../shared/contracts/rewards";
import { RedeemDialog } from "./redeem-dialog";
import { waakyeReward } from "./waakye-reward.fixture";

const reward = waakyeReward;

const render = (mine: MyReward) =>
  renderToStaticMarkup(<RedeemDialog reward={mine} offer="20% off" open onClose={() => {}} />);

describe("RedeemDialog", () => {
  it("opens on the three ways to redeem a discount with a code", () => {
    const html = render(reward());
    expect(html).toContain("Redeem your reward");
    expect(html).toContain("Show QR to staff");
    expect(html).toContain("Staff will type their code");
    expect(html).toContain("I used this code online");
  });

  it("offers no 'used online' for a discount without a code", () => {
    const html = render(reward({ code: null }));
    expect(html).toContain("Show QR to staff");
    expect(html).not.toContain("I used this code online");
  });

  it("renders nothing inside while closed", () => {
    const html = renderToStaticMarkup(
      <RedeemDialog reward={reward()} offer="20% off" open={false} onClose={() => {}} />,
    );
    expect(html).not.toContain("Show QR to staff");
  });
});
