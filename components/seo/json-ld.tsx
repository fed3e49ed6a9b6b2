import type { JsonLdDocument } from '@/components/seo/structured-data';
import { jsonForScript } from '@/lib/text/script-json';

/**
 * The structured data of a page as one JSON-LD data block. Written through `jsonForScript`, so
 * text from sellers can never end the script element; a data block runs nothing, so it needs no
 * nonce. Renders nothing when the page has nothing to say (a private profile).
 */
export function JsonLd({ data }: { data: JsonLdDocument | (JsonLdDocument | null)[] | null }) {
  const documents = (Array.isArray(data) ? data : [data]).filter((d): d is JsonLdDocument => d !== null);
  if (documents.length === 0) return null;
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: jsonForScript(documents.length === 1 ? documents[0] : documents) }}
    />
  );
}
