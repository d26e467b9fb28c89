import type { ReactNode } from "react";

/** A simple page: a heading, a line of description, then the content. */
export function PageFrame({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <div className="h-full overflow-y-auto p-8">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {description ? <p className="mt-1 text-sm text-zinc-500">{description}</p> : null}
      {children ? <div className="mt-6">{children}</div> : null}
    </div>
  );
}
