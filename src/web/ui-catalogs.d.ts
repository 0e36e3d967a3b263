/** The screens' catalogs, compiled at build time by vite.config.ts. */
declare module "virtual:ui-catalog/*" {
  import type { Messages } from "@lingui/core";

  const messages: Messages;
  export default messages;
}
