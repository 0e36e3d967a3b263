import { z } from "zod";
import {
  emailSchema,
  forgotPasswordRequest,
  ghanaPhoneSchema,
  registerRequest,
  resetPasswordRequest,
  sendEmailLinkRequest,
  verifyOtpRequest,
} from "../contracts/auth";
import { changeEmailRequest, changePasswordRequest, deleteAccountRequest } from "../contracts/profile";
import { normaliseGhanaPhone } from "../phone";

/**
 * The member account forms' schemas, derived from the request contracts (same rules, same messages).
 * What a form adds is only what the form itself asks: a field the request leaves optional but the form
 * needs, or a confirmation.
 */

/** An empty text box is "not given", so a required phone says "Phone number is required". */
const emptyAsMissing = (value: unknown) => (value === "" ? undefined : value);
const requiredPhone = z.preprocess(emptyAsMissing, ghanaPhoneSchema);

/** /register when the server requires phone verification (SMS configured): the phone is not optional. */
export const registerWithPhoneForm = registerRequest.extend({ phoneNumber: requiredPhone });

/** "Send a new link" after a failed verification link. */
export const newEmailLinkForm = sendEmailLinkRequest.pick({ email: true });

/** Forgot password: an email gets a link, so anything else must be a Ghana number to get an SMS code. */
export const forgotPasswordForm = forgotPasswordRequest.extend({
  identifier: forgotPasswordRequest.shape.identifier.refine(
    (identifier) => identifier.includes("@") || normaliseGhanaPhone(identifier) !== undefined,
    "Enter your email or a Ghana phone number, e.g. 024 123 4567",
  ),
});

const [resetByLink, resetByCode] = resetPasswordRequest.options;
/** A new password from the emailed link (the token comes from the link, not the form). */
export const newPasswordByLinkForm = resetByLink.pick({ newPassword: true });
/** A new password with the SMS code (the phone is the one the code went to). */
export const newPasswordByCodeForm = resetByCode.pick({ otp: true, newPassword: true });

/** The SMS code entry. */
export const phoneCodeForm = verifyOtpRequest.pick({ otp: true });

/** Adding or changing a phone number (removing it is a button, not this form). */
export const phoneNumberForm = z.object({ phoneNumber: requiredPhone });

/** A new email must be given: an empty box says "Email is required", as on /register. */
export const changeEmailForm = changeEmailRequest.extend({ email: emailSchema });

/** An account with a password confirms the change with it. */
export const changePasswordForm = changePasswordRequest.extend({
  currentPassword: changePasswordRequest.shape.currentPassword.unwrap().min(1, "Enter your current password"),
});
/** An account without one (Google sign-in only) sets its first password. */
export const setPasswordForm = changePasswordRequest.pick({ newPassword: true });

/** Deleting an account with a password: the password confirms it. */
export const deleteWithPasswordForm = z.object({
  password: deleteAccountRequest.shape.password.unwrap().min(1, "Enter your password to confirm"),
});
/** Deleting a Google-only account: typing DELETE confirms it. */
export const deleteByTypingForm = z.object({
  confirm: z.string().trim().pipe(deleteAccountRequest.shape.confirm),
});
