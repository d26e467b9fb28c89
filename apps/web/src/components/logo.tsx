/** The product mark. */
export function Logo({ className = "size-8" }: { className?: string }) {
  return <img src="/favicon.svg" alt="" className={className} />;
}
