import { PRODUCT } from "@tidings/contracts";
import type { MailMessage } from "../lib/mail/mail-types.ts";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/** A short message with one action link, in plain text and simple HTML. */
function linkMail(to: string, subject: string, lead: string, action: string, url: string, footer: string): MailMessage {
  const text = `${lead}\n\n${action}:\n${url}\n\n${footer}\n\n— ${PRODUCT.name}\n`;
  const html = [
    "<!doctype html><html><body style=\"font-family:sans-serif;line-height:1.5\">",
    `<p>${escapeHtml(lead)}</p>`,
    `<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>`,
    `<p style="color:#666;font-size:90%">${escapeHtml(footer)}<br>${escapeHtml(url)}</p>`,
    `<p>— ${escapeHtml(PRODUCT.name)}</p>`,
    "</body></html>",
  ].join("\n");
  return { to, subject, text, html };
}

/** The mails the account flows send; every one carries an absolute link. */
export const authMail = {
  verifyEmail: (to: string, url: string) =>
    linkMail(
      to,
      `Verify your e-mail address for ${PRODUCT.name}`,
      `Please confirm that ${to} is your e-mail address.`,
      "Verify e-mail address",
      url,
      "If you did not create an account, you can ignore this message.",
    ),
  confirmEmailChange: (to: string, url: string) =>
    linkMail(
      to,
      `Confirm your new e-mail address for ${PRODUCT.name}`,
      `Your ${PRODUCT.name} account asked to use ${to} as its e-mail address. The change takes effect when you open the link.`,
      "Confirm new e-mail address",
      url,
      "If you did not ask for this change, ignore this message; your address stays as it was.",
    ),
  resetPassword: (to: string, url: string) =>
    linkMail(
      to,
      `Reset your ${PRODUCT.name} password`,
      "Someone asked to reset the password of your account. The link works for one hour, once.",
      "Choose a new password",
      url,
      "If you did not ask for this, ignore this message; your password stays as it was.",
    ),
};

/**
 * Whether a verification token (a JWT better-auth signed) confirms a change of address: such
 * tokens carry the new address in `updateTo`.
 */
export function isEmailChangeToken(token: string): boolean {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { updateTo?: unknown };
    return typeof payload.updateTo === "string";
  } catch {
    return false;
  }
}
