import { brand } from "../../../shared/brand";

/** What one transactional email says; every value is plain text and is escaped when rendered. */
export interface EmailContent {
  heading: string;
  paragraphs: string[];
  /** One button; the URL must be http(s) (a `javascript:` link would survive HTML escaping). */
  action?: { label: string; url: string };
  footer?: string;
}

export interface RenderedEmail {
  text: string;
  html: string;
}

const htmlEscapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for use in HTML element content and in quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => htmlEscapes[character]!);
}

/**
 * Renders an email as plain text and as simple inline-styled HTML: no images, scripts or external
 * resources, so it looks the same in every client and costs the reader almost no data.
 */
export function renderEmail(content: EmailContent): RenderedEmail {
  if (content.action) assertWebUrl(content.action.url);
  const footer = content.footer ?? `You received this email because of your ${brand.name} account.`;
  return { text: renderText(content, footer), html: renderHtml(content, footer) };
}

function renderText(content: EmailContent, footer: string): string {
  const parts = [content.heading, ...content.paragraphs];
  if (content.action) parts.push(`${content.action.label}: ${content.action.url}`);
  parts.push(`--\n${footer}\n${brand.name}`);
  return `${parts.join("\n\n")}\n`;
}

function renderHtml(content: EmailContent, footer: string): string {
  const paragraphs = content.paragraphs
    .map((paragraph) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(paragraph)}</p>`)
    .join("\n");
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;` +
      `background:#b45309;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;` +
      `font-weight:bold">${escapeHtml(content.action.label)}</a></p>\n` +
      `<p style="margin:0 0 16px;line-height:1.5;font-size:13px;color:#555555">` +
      `If the button does not work, copy this link into your browser:<br>` +
      `<span style="word-break:break-all">${escapeHtml(content.action.url)}</span></p>`
    : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.heading)}</title>
</head>
<body style="margin:0;padding:0;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<div style="max-width:560px;margin:0 auto;padding:24px 16px">
<div style="font-size:20px;font-weight:bold;color:#b45309;margin-bottom:16px">${escapeHtml(brand.name)}</div>
<div style="background:#ffffff;border-radius:8px;padding:24px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${escapeHtml(content.heading)}</h1>
${paragraphs}
${action}
</div>
<p style="margin:16px 0 0;font-size:12px;line-height:1.5;color:#78716c">${escapeHtml(footer)}</p>
</div>
</body>
</html>
`;
}

function assertWebUrl(url: string) {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new Error("An email action needs an absolute http(s) URL");
  }
  if (protocol !== "https:" && protocol !== "http:") {
    throw new Error("An email action needs an absolute http(s) URL");
  }
}
