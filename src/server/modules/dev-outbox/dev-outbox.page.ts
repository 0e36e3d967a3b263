import { formatAccraDateTime } from "../../../shared/accra-time";
import { brand } from "../../../shared/brand";
import { escapeHtml } from "../../integrations/mail/render-email";
import type { OutboxEntry, OutboxFilter } from "../../integrations/outbox/outbox-store";

/**
 * The development outbox as one self-contained page: inline styles only and no script, which the
 * app's Content-Security-Policy allows. Every stored value is escaped; URLs become links.
 */
export function renderOutboxPage(messages: OutboxEntry[], filter: Omit<OutboxFilter, "limit">): string {
  const rows = messages.map(renderMessage).join("\n");
  const empty = `<p style="color:#78716c">No messages yet. Emails and SMS sent without SMTP or an SMS
provider land here.</p>`;
  const selected = (channel: string) => (filter.channel === channel ? " selected" : "");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(brand.name)} dev outbox</title>
</head>
<body style="margin:0;font-family:system-ui,Arial,sans-serif;background:#f5f5f4;color:#1c1917">
<main style="max-width:880px;margin:0 auto;padding:16px">
<h1 style="font-size:22px;margin:8px 0">${escapeHtml(brand.name)} dev outbox</h1>
<p style="margin:0 0 12px;color:#57534e">The newest ${messages.length} emails and SMS stored by the outbox
adapters (development and tests only). JSON: <code>/api/dev/outbox?recipient=&amp;channel=</code></p>
<form method="get" action="/dev/outbox" style="display:flex;gap:8px;flex-wrap:wrap;margin:0 0 16px">
<input name="recipient" value="${escapeHtml(filter.recipient ?? "")}" placeholder="email or phone"
 style="flex:1;min-width:200px;padding:6px">
<select name="channel" style="padding:6px">
<option value="">all channels</option>
<option value="email"${selected("email")}>email</option>
<option value="sms"${selected("sms")}>sms</option>
</select>
<button type="submit" style="padding:6px 12px">Filter / refresh</button>
</form>
${messages.length > 0 ? rows : empty}
</main>
</body>
</html>
`;
}

function renderMessage(message: OutboxEntry): string {
  const badge = message.channel === "email" ? "#1d4ed8" : "#15803d";
  const subject = message.subject
    ? `<div style="font-weight:bold;margin:4px 0">${escapeHtml(message.subject)}</div>`
    : "";
  return `<article id="message-${message.id}" style="background:#fff;border-radius:8px;padding:12px;margin:0 0 12px">
<div style="display:flex;gap:8px;flex-wrap:wrap;align-items:baseline;font-size:14px">
<span style="background:${badge};color:#fff;border-radius:4px;padding:1px 6px">${escapeHtml(message.channel)}</span>
<strong>${escapeHtml(message.recipient)}</strong>
<time datetime="${message.createdAt.toISOString()}" style="color:#78716c">${escapeHtml(formatAccraDateTime(message.createdAt))}</time>
</div>
${subject}
<pre style="white-space:pre-wrap;word-break:break-word;margin:8px 0 0;font-size:13px">${linkify(message.textBody)}</pre>
</article>`;
}

// Stops at whitespace and at characters that cannot appear unescaped in a URL in running text.
const urlPattern = /https?:\/\/[^\s<>"'`]+/g;
// Sentence punctuation right after a link belongs to the sentence, not the URL.
const trailingPunctuation = /[.,;:!?)\]}]+$/;

/** Escapes text and turns every http(s) URL in it into a link. */
export function linkify(text: string): string {
  let html = "";
  let position = 0;
  for (const match of text.matchAll(urlPattern)) {
    const url = match[0].replace(trailingPunctuation, "");
    html += escapeHtml(text.slice(position, match.index));
    html += `<a href="${escapeHtml(url)}" rel="noreferrer">${escapeHtml(url)}</a>`;
    position = match.index + url.length;
  }
  return html + escapeHtml(text.slice(position));
}
