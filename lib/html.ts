/**
 * Text made safe to put inside HTML, in an element or a quoted attribute: `&`, `<`, `>`, `"` and `'`
 * become numeric character references. One function for every place that writes HTML as text (the
 * policy's Markdown, the indexer's copy of a page, the e-mails, the dev error page).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
