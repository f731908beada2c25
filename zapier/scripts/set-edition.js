// Run by `npm run _zapier-build` after tsc: writes the edition named by NUMERO_ZAPIER_EDITION
// (`private`, the default, or `public`) into the compiled lib/zapier/src/edition.js, so the zip that
// `zapier-platform build`/`push`/`validate` make carries its edition (see src/edition.ts).
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');

const EDITIONS = ['private', 'public'];
const edition = process.env.NUMERO_ZAPIER_EDITION || 'private';
if (!EDITIONS.includes(edition)) {
	console.error(
		`NUMERO_ZAPIER_EDITION must be one of ${EDITIONS.join(', ')}; got ${JSON.stringify(edition)}.`,
	);
	process.exit(1);
}
const file = join(__dirname, '..', 'lib', 'zapier', 'src', 'edition.js');
writeFileSync(
	file,
	`"use strict";\n// Written by scripts/set-edition.js (NUMERO_ZAPIER_EDITION).\nObject.defineProperty(exports, "__esModule", { value: true });\nexports.EDITION = exports.EDITIONS = void 0;\nexports.EDITIONS = ${JSON.stringify(EDITIONS)};\nexports.EDITION = ${JSON.stringify(edition)};\n`,
);
console.log(`numero Zapier app: ${edition} edition`);
