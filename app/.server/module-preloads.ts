import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

const MODULE_PRELOAD = '<link rel="modulepreload"';

/**
 * React Router's `<Scripts>` preloads the page's JavaScript modules, and React puts those
 * preloads in the head, where the browser fetches them at high priority, alongside the stylesheet,
 * the fonts and the hero picture: on a phone's mobile network the page's first paint then waits
 * for 130–180 KiB of code it does not need to paint (issue 15; decision 015). This passes the HTML
 * through and marks those preloads `fetchpriority="low"` in the head: the modules still download
 * in parallel (no waterfall of imports), after what the first screen needs. Nothing after
 * `</head>` is read or changed.
 */
export function lowPriorityModulePreloads(): Transform {
  const decoder = new StringDecoder("utf8");
  let head = "";
  let passing = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (passing) return callback(null, chunk);
      head += decoder.write(chunk);
      const end = head.indexOf("</head>");
      if (end === -1) return callback();
      passing = true;
      callback(null, Buffer.from(lower(head.slice(0, end)) + head.slice(end), "utf8"));
    },
    flush(callback) {
      if (passing) return callback();
      callback(null, Buffer.from(lower(head + decoder.end()), "utf8"));
    },
  });
}

function lower(html: string): string {
  return html.replaceAll(MODULE_PRELOAD, `${MODULE_PRELOAD} fetchpriority="low"`);
}
