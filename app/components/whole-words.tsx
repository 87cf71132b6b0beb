import { Fragment } from "react";

/**
 * A short label (a tab, a footer link) that wraps between its words only: a hyphen is a break
 * opportunity for the browser, and "e-mail" or "ari-arian" split over two lines read as two words.
 */
export function WholeWords({ text }: { text: string }) {
  const words = text.split(" ");
  // One inline box: a flex container (a tab, a footer link) would drop the spaces between flex items.
  return (
    <span>
      {words.map((word, i) => (
        <Fragment key={i}>
          <span className="nowrap">{word}</span>
          {i < words.length - 1 ? " " : null}
        </Fragment>
      ))}
    </span>
  );
}
