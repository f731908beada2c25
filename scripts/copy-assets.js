// Copies what tsc does not emit but n8n needs next to the compiled nodes and credentials:
// icons (.svg) and codex files (.node.json), from nodes/ and credentials/ into dist/.
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const isAsset = (name) => name.endsWith('.svg') || name.endsWith('.node.json');

function copyAssets(dir) {
	const from = path.join(root, dir);
	if (!fs.existsSync(from)) return 0;
	let copied = 0;
	for (const entry of fs.readdirSync(from, { recursive: true, withFileTypes: true })) {
		if (!entry.isFile() || !isAsset(entry.name)) continue;
		const source = path.join(entry.parentPath, entry.name);
		const target = path.join(root, 'dist', path.relative(root, source));
		fs.mkdirSync(path.dirname(target), { recursive: true });
		fs.copyFileSync(source, target);
		copied++;
	}
	return copied;
}

const copied = ['nodes', 'credentials'].reduce((sum, dir) => sum + copyAssets(dir), 0);
console.log(`copy-assets: ${copied} icon and codex files copied into dist/`);
