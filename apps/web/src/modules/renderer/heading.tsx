import { Link2 } from "lucide-react";
import { createElement, type MouseEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

export interface HeadingProps {
  level: 1 | 2 | 3 | 4 | 5 | 6;
  id: string;
  children?: ReactNode;
}

/**
 * A heading of entry content with its slug id and an anchor shown on hover. The anchor scrolls
 * within the reader and records `#id` in the address without a navigation, so the router (which
 * owns the path) is left alone and the link can still be copied.
 */
export function Heading({ level, id, children }: HeadingProps) {
  const { t } = useTranslation("app");
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const heading = event.currentTarget.parentElement;
    heading?.scrollIntoView({ behavior: "smooth", block: "start" });
    window.history.replaceState(window.history.state, "", `#${encodeURIComponent(id)}`);
  };
  return createElement(
    `h${level}`,
    { id, className: "entry-heading" },
    children,
    <a key="anchor" href={`#${encodeURIComponent(id)}`} className="entry-heading-anchor" aria-label={t("renderer.heading_anchor")} onClick={onClick}>
      <Link2 className="inline size-[0.8em]" aria-hidden />
    </a>,
  );
}
