import { Fragment, type ReactNode } from "react";

/**
 * A catalogue text with its `{name}` placeholders filled by nodes: a string value (a code, a
 * phone number, a name written in Latin letters) sits in `<bdi dir="ltr">` so that it keeps its
 * order inside Arabic text; a node is put as it is.
 */
export function fillNodes(text: string, params: Record<string, ReactNode>): ReactNode[] {
  return text.split(/(\{\w+\})/).map((part, i) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (!name || !(name in params)) return <Fragment key={i}>{part}</Fragment>;
    const value = params[name];
    return typeof value === "string" || typeof value === "number" ? (
      <bdi key={i} dir="ltr">
        {value}
      </bdi>
    ) : (
      <Fragment key={i}>{value}</Fragment>
    );
  });
}
