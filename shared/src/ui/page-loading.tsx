/** Placeholder while a page's code or data loads: announced politely, no layout jump. */
export function PageLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="mx-auto flex min-h-[50vh] max-w-5xl items-center justify-center px-4"
    >
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600 motion-reduce:animate-none"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
