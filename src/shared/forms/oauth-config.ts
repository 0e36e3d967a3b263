import { updateOAuthConfigRequest } from "../contracts/oauth-config";

export const secretNeededMessage = "Enter the client secret: none is saved yet";

/**
 * The Google sign-in form: the request contract, plus "the secret is required" while none is saved (an
 * empty box otherwise keeps the saved secret, which is never sent back to the browser).
 */
export function oauthConfigForm(hasSecret: boolean) {
  return updateOAuthConfigRequest.extend({
    clientSecret: updateOAuthConfigRequest.shape.clientSecret.refine(
      (secret) => hasSecret || secret !== undefined,
      secretNeededMessage,
    ),
  });
}
