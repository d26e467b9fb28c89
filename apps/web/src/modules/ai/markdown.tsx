import { createElement, Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { type Block, type Inline, parseMarkdown } from "./markdown-parse.ts";

/** Where a link may go: a path of this app (opened in it) or a web page (a new tab); anything else is text. */
export function linkTarget(href: string): { kind: "app"; to: string } | { kind: "web"; url: string } | null {
  if (/^\/(?!\/)/.test(href)) return { kind: "app", to: href };
  try {
    const url = new URL(href);
    if (url.origin === window.location.origin) return { kind: "app", to: url.pathname + url.search + url.hash };
    return url.protocol === "http:" || url.protocol === "https:" ? { kind: "web", url: url.href } : null;
  } catch {
    return null;
  }
}

const LINK = "font-medium text-orange-600 underline decoration-orange-500/30 underline-offset-2 hover:decoration-orange-500 dark:text-orange-400";

function inline(nodes: Inline[], onNavigate?: () => void): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case "text":
        return <Fragment key={index}>{node.text}</Fragment>;
      case "code":
        return (
          <code key={index} className="rounded bg-zinc-100 px-1 py-0.5 text-[0.9em] dark:bg-zinc-800">
            {node.text}
          </code>
        );
      case "strong":
        return <strong key={index}>{inline(node.children, onNavigate)}</strong>;
      case "em":
        return <em key={index}>{inline(node.children, onNavigate)}</em>;
      case "link": {
        const target = linkTarget(node.href);
        const children = inline(node.children, onNavigate);
        if (!target) return <Fragment key={index}>{children}</Fragment>;
        return target.kind === "app" ? (
          <Link key={index} to={target.to} className={LINK} onClick={onNavigate}>
            {children}
          </Link>
        ) : (
          <a key={index} href={target.url} target="_blank" rel="noopener noreferrer nofollow" className={LINK}>
            {children}
          </a>
        );
      }
    }
  });
}

const HEADING_CLASS = ["", "text-xl", "text-lg", "text-base", "text-base", "text-sm", "text-sm"];

function block(node: Block, index: number, onNavigate?: () => void): ReactNode {
  switch (node.type) {
    case "heading":
      return createElement(`h${Math.min(node.level + 1, 6)}`, { key: index, className: `${HEADING_CLASS[node.level]} mt-5 mb-2 font-semibold text-zinc-900 first:mt-0 dark:text-zinc-50` }, inline(node.children, onNavigate));
    case "paragraph":
      return <p key={index}>{inline(node.children, onNavigate)}</p>;
    case "list":
      return createElement(
        node.ordered ? "ol" : "ul",
        { key: index, className: `${node.ordered ? "list-decimal" : "list-disc"} space-y-1.5 pl-5 marker:text-zinc-400` },
        node.items.map((item, i) => <li key={i}>{inline(item, onNavigate)}</li>),
      );
    case "quote":
      return (
        <blockquote key={index} className="border-l-2 border-zinc-300 pl-3 text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
          {inline(node.children, onNavigate)}
        </blockquote>
      );
    case "code":
      return (
        <pre key={index} className="overflow-x-auto rounded-lg bg-zinc-100 p-3 text-sm dark:bg-zinc-800">
          <code>{node.text}</code>
        </pre>
      );
    case "rule":
      return <hr key={index} className="border-zinc-200 dark:border-zinc-800" />;
  }
}

/**
 * Markdown from the server as React elements, never as HTML; links to entries open in the app
 * (`onNavigate` hears them, to close a dialog), links to the web in a new tab.
 */
export function Markdown({ source, onNavigate, className }: { source: string; onNavigate?: () => void; className?: string }) {
  return <div className={className}>{parseMarkdown(source).map((node, index) => block(node, index, onNavigate))}</div>;
}
