// `npm run build`: the shipped documentation (the user manual and the release notes) as PDFs in
// build/docs/, each with the hash of its source beside it (server/pdf/shipped.ts takes them from there).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILT_DOCS_DIR, SHIPPED_DOCUMENTS, builtHashPath, renderShipped } from '../server/pdf/shipped.ts';

mkdirSync(BUILT_DOCS_DIR, { recursive: true });
for (const doc of SHIPPED_DOCUMENTS) {
  const started = performance.now();
  const { data, hash } = await renderShipped(doc);
  writeFileSync(join(BUILT_DOCS_DIR, doc.filename), data);
  writeFileSync(builtHashPath(doc), `${hash}\n`);
  console.log(`${doc.filename}: ${Math.round(data.length / 1024)} kB in ${Math.round(performance.now() - started)} ms`);
}
