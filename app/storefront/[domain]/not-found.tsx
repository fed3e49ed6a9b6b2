import Link from 'next/link';
/** Not-found state of an author's storefront. */
export default function StorefrontNotFound() {
  return (
    <section className="state-page" data-state="not-found">
      <h1>404</h1>
      <p>
        <Link href="/" prefetch={false}>←</Link>
      </p>
    </section>
  );
}
