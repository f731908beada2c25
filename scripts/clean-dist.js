// Empties dist/ before a build: tsc never deletes what it emitted for a source file that has since
// moved or gone, and a stale dist/sandbox/openapi.js (the file became a folder) shadowed the new
// dist/sandbox/openapi/index.js, so `npm start` gave n8n a base URL ending in "undefined". Stale
// files would also ship in the npm tarball.
const fs = require('node:fs');
const path = require('node:path');

fs.rmSync(path.resolve(__dirname, '..', 'dist'), { recursive: true, force: true });
