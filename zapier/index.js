// The entry point Zapier's wrapper requires. The app is TypeScript compiled (with the shared core
// from ../shared) into lib/ by `npm run build`, which `zapier-platform build` and `push` run first.
module.exports = require('./lib/zapier/src/index.js').default;
