/**
 * Whether a page request comes from a phone, for how much of a list its HTML renders (a phone's screen
 * holds fewer rows: rendering and hydrating a desktop's 28 costs a phone's CPU for rows off screen).
 * Chromium says so in `Sec-CH-UA-Mobile` (a low-entropy client hint, on every request); other
 * browsers in their User-Agent ("Mobi", as MDN advises). A wrong guess costs only speed: the page
 * renders the rows its screen shows once it runs.
 */
export function isPhoneRequest(headers: Headers): boolean {
  const hint = headers.get('sec-ch-ua-mobile');
  if (hint !== null) return hint.trim() === '?1';
  return /\bMobi/.test(headers.get('user-agent') ?? '');
}
