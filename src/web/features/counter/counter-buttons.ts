/**
 * The counter's big buttons, shared by the scanner and the phone check-in: heavy borders and bold
 * text a busy cashier can hit and read at arm's length.
 */

/** A full-width button that opens another way in (type a code, use a phone number). */
export const counterWideButtonClass =
  "flex min-h-14 w-full items-center justify-center gap-2 rounded-2xl border-[3px] border-stone-950 bg-white px-3 text-lg font-extrabold text-stone-950";

/** One of a few choices (stamp, points…): the chosen one filled, the others outlined. */
export function counterChoiceClass(chosen: boolean): string {
  return `border-[3px] font-extrabold ${
    chosen ? "border-stone-950 bg-stone-950 text-white" : "border-stone-400 bg-white text-stone-950"
  }`;
}
