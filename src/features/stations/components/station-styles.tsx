/**
 * The stations feature's stylesheets as links that React puts into the server-rendered
 * page (React 19 hoists a `<link rel="stylesheet" precedence>` ahead of the content), so a
 * station page or the locator paints styled at once. Imported with their chunk instead,
 * they arrived after the first paint and shifted the page when they applied (layout
 * shift 0.09–0.3 in Lighthouse). In the browser the links are started when this chunk
 * loads, before a client navigation renders the page, and React dedupes them by address.
 */
import { preinit } from 'react-dom';
import liveDataCss from './live-data.css?url';
import stationsCss from './stations.css?url';

const PRECEDENCE = 'blocks';
// Unit tests do not build stylesheets: their addresses are empty there.
const STYLESHEETS = [stationsCss, liveDataCss].filter((href) => href !== '');

if (typeof document !== 'undefined') {
  for (const href of STYLESHEETS) preinit(href, { as: 'style', precedence: PRECEDENCE });
}

export function StationStyles() {
  return (
    <>
      {STYLESHEETS.map((href) => (
        <link key={href} rel="stylesheet" href={href} precedence={PRECEDENCE} />
      ))}
    </>
  );
}
