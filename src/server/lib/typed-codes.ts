import { randomInt } from "node:crypto";

// No 0/O, 1/I/L: staff read these codes off a customer's screen and type them.
const typedCodeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/**
 * A code a person reads off a phone and types, of a fixed length: a member's loyalty code has 6
 * characters and a reward QR's has 8, so a typed code says by its length which it is.
 */
export function typedCodeFormat(length: number) {
  return {
    /** A fresh random code. */
    create(): string {
      let code = "";
      for (let i = 0; i < length; i++) code += typedCodeAlphabet[randomInt(typedCodeAlphabet.length)];
      return code;
    },
    /** "K7M4QX" shown as "K7M-4QX" (split in the middle); staff may type it either way. */
    display(code: string): string {
      const middle = Math.ceil(length / 2);
      return `${code.slice(0, middle)}-${code.slice(middle)}`;
    },
    /** The code as typed (any case, spaces or dashes), normalised; undefined when it can't be one. */
    read(typed: string): string | undefined {
      const compact = typed.replace(/[\s-]/g, "").toUpperCase();
      if (compact.length !== length) return undefined;
      for (const char of compact) if (!typedCodeAlphabet.includes(char)) return undefined;
      return compact;
    },
  };
}
