/**
 * Stored-XSS payloads. Each one, if it ever became markup or code, would assign `window.__xss`
 * (which the trap records) with a tag naming the field it came from, so a hit says where the
 * hole is. They cover the usual ways out: a script element, event handlers on img and svg after
 * breaking out of an attribute, javascript: URLs (plain and as a Markdown link), template
 * expressions for client-side template engines, and an iframe srcdoc.
 */
export function payloads(tag: string): string[] {
  return [
    `<script>window.__xss='${tag}'</script>`,
    `<img src=x onerror="window.__xss='${tag}'">`,
    `"><svg onload=window.__xss='${tag}'>`,
    `javascript:window.__xss='${tag}'`,
    `{{constructor.constructor('window.__xss="${tag}"')()}}`,
    `[x](javascript:window.__xss='${tag}')`,
    `<iframe srcdoc="<script>parent.__xss='${tag}'</script>"></iframe>`,
  ];
}

/** Every payload in one line, after a run marker that makes the text findable by search. */
export function allPayloads(marker: string, tag: string): string {
  return `${marker} ${tag} ${payloads(tag).join(' ')}`;
}

/** A short payload for fields capped at 100 characters (names): the marker and one payload. */
export function onePayload(marker: string, tag: string, index: number): string {
  const chosen = payloads(tag)[index % payloads(tag).length] ?? '';
  return `${marker} ${chosen}`;
}

/**
 * Markdown's own ways to script, for the fields an article renders as Markdown: unsafe schemes in
 * any case, an autolink, a reference link, an image source, schemes hidden in HTML entities, and
 * raw HTML blocks. Rendered, each must be text, a link without an address, or a safe link.
 */
export function markdownPayloads(tag: string): string[] {
  return [
    `[a](JaVaScRiPt:window.__xss='${tag}')`,
    '[b](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==)',
    `[c](vbscript:window.__xss='${tag}')`,
    `<javascript:window.__xss='${tag}'>`,
    `[d][r${tag}]\n\n[r${tag}]: javascript:window.__xss='${tag}'`,
    `![e](javascript:window.__xss='${tag}')`,
    `[f](&#106;avascript:window.__xss='${tag}')`,
    `[g](java&#x09;script:window.__xss='${tag}')`,
    `<svg onload="window.__xss='${tag}'"></svg>`,
    `<a href="javascript:window.__xss='${tag}'">h</a>`,
  ];
}

/** What a Markdown article shows of a payload line: a link is its text, the address dropped or kept aside. */
export function markdownShown(text: string): string {
  return text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
}
