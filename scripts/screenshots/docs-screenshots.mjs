// Takes the editor screenshots of docs/n8n-node.md and docs/n8n-trigger.md from a real `npm start`:
// the Publish panel, Link → Create refusing a Days Valid of 400 (the error naming its field), and the
// Numero Trigger's panel with its URLs. They are regenerated, never edited by hand:
//   npm run docs:screenshots            (builds, starts `npm start` on a free port, stops it afterwards)
// Chromium: CHROMIUM=/path/to/chromium, default /usr/bin/chromium (puppeteer-core downloads none).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import puppeteer from 'puppeteer-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = path.join(ROOT, 'docs/images');
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `npm start` on a free n8n port; resolves once it printed its summary (address and sign-in). */
function startDevEnvironment() {
	const port = String(20000 + Math.floor(Math.random() * 20000));
	const child = spawn('npm', ['start', '--', '--n8n-port', port], {
		cwd: ROOT,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let printed = '';
	return new Promise((resolve, reject) => {
		const timer = setTimeout(
			() => reject(new Error(`npm start did not get ready:\n${printed.slice(-2000)}`)),
			300_000,
		);
		const read = (chunk) => {
			printed += chunk.toString('utf8');
			if (!printed.includes('Ctrl-C stops everything')) return;
			clearTimeout(timer);
			const url = /^n8n\s+(http:\/\/\S+)/m.exec(printed)[1];
			const [, email, password] = /sign in\s+(\S+) \/ (\S+)/.exec(printed);
			resolve({ child, url, email, password });
		};
		child.stdout.on('data', read);
		child.stderr.on('data', read);
		child.once('exit', (code) =>
			reject(new Error(`npm start exited (${code}):\n${printed.slice(-2000)}`)),
		);
	});
}

async function rest(page, method, route, body) {
	return page.evaluate(
		async ({ method, route, body }) => {
			const response = await fetch(route, {
				method,
				headers: {
					'content-type': 'application/json',
					'browser-id': localStorage.getItem('n8n-browserId') ?? '',
				},
				body: body === undefined ? undefined : JSON.stringify(body),
			});
			return { status: response.status, json: await response.json().catch(() => null) };
		},
		{ method, route, body },
	);
}

/** A workflow holding a manual trigger and one Numero node with these parameters; returns its id. */
async function workflowWith(page, name, parameters, credential) {
	const created = await rest(page, 'POST', '/rest/workflows', {
		name,
		nodes: [
			{
				id: 'a',
				name: 'When clicking ‘Execute workflow’',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'b',
				name: 'Numero',
				type: 'n8n-nodes-numero.numero',
				typeVersion: 1,
				position: [260, 0],
				parameters,
				credentials: { numeroApi: { id: credential.id, name: credential.name } },
			},
		],
		connections: {
			'When clicking ‘Execute workflow’': { main: [[{ node: 'Numero', type: 'main', index: 0 }]] },
		},
		settings: {},
	});
	if (created.status !== 200)
		throw new Error(`creating a workflow: ${created.status} ${JSON.stringify(created.json)}`);
	return created.json.data.id;
}

async function openNode(page, base, workflowId, nodeName) {
	await page.goto(`${base}/workflow/${workflowId}`, { waitUntil: 'networkidle2' });
	const node = await page.waitForSelector(
		`[data-test-id="canvas-node"][data-node-name="${nodeName}"]`,
	);
	await pause(800);
	await page.keyboard.press('Escape');
	const box = await node.boundingBox();
	await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { clickCount: 2 });
	await page.waitForSelector('[data-test-id="ndv"]');
	await pause(1500);
}

async function shot(page, name) {
	const file = path.join(OUT, name);
	await page.screenshot({ path: file });
	console.log(path.relative(ROOT, file));
}

const env = await startDevEnvironment();
const browser = await puppeteer.launch({
	executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
	args: ['--no-sandbox', '--disable-dev-shm-usage'],
});
try {
	fs.mkdirSync(OUT, { recursive: true });
	const page = await browser.newPage();
	await page.setViewport({ width: 1440, height: 900 });
	page.setDefaultTimeout(30_000);
	await page.goto(`${env.url}/signin`, { waitUntil: 'networkidle2' });
	await page.type('input[type=email]', env.email);
	await page.type('input[type=password]', env.password);
	await page.keyboard.press('Enter');
	await page.waitForNavigation({ waitUntil: 'networkidle2' }).catch(() => undefined);

	const credentials = (await rest(page, 'GET', '/rest/credentials')).json.data;
	const apiCredential = credentials.find((c) => c.type === 'numeroApi');

	// The Publish panel, with the fields a publisher fills in.
	const publish = await workflowWith(
		page,
		'Docs: publish an issue',
		{
			resource: 'issue',
			operation: 'publish',
			title: 'La Gazette du Port, novembre 2026',
			periodicalMode: 'existing',
			periodical: 'gazette',
			additionalFields: { releaseMonth: '2026-11', access: 'abonnes' },
		},
		apiCredential,
	);
	await openNode(page, env.url, publish, 'Numero');
	await shot(page, 'n8n-publish-panel.png');

	// Link → Create with a Days Valid of 400: typed, kept, and refused naming the field.
	const link = await workflowWith(
		page,
		'Docs: a reading link',
		{
			resource: 'link',
			operation: 'create',
			issueId: {
				__rl: true,
				mode: 'list',
				value: 'numero.press:gazette-2026-10',
				cachedResultName: '2026-10-01 · La Gazette du Port, octobre 2026',
			},
			reference: 'sub_1042',
			additionalFields: { days: 400 },
		},
		apiCredential,
	);
	await openNode(page, env.url, link, 'Numero');
	await page.click('[data-test-id="node-execute-button"]');
	await page
		.waitForSelector(
			'[data-test-id="ndv"] [data-test-id="node-error-message"], [data-test-id="ndv"] .node-error-view',
			{ timeout: 30_000 },
		)
		.catch(() => undefined);
	await pause(2500);
	await shot(page, 'n8n-error-names-its-field.png');

	// The trigger's panel with its Test and Production URLs.
	const workflows = (await rest(page, 'GET', '/rest/workflows')).json.data;
	const withTrigger =
		workflows.find((w) => w.nodes?.some((n) => n.type === 'n8n-nodes-numero.numeroTrigger')) ??
		workflows.find((w) => /newsletter/i.test(w.name));
	await page.goto(`${env.url}/workflow/${withTrigger.id}`, { waitUntil: 'networkidle2' });
	const triggerNode = await page.waitForSelector(
		'[data-test-id="canvas-node"][data-node-name="Issue Published"]',
	);
	await pause(800);
	await page.keyboard.press('Escape');
	const box = await triggerNode.boundingBox();
	await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { clickCount: 2 });
	await page.waitForSelector('[data-test-id="ndv"]');
	await pause(1500);
	// Open the Webhook URLs (Test and Production) and the panel's help on how to send a test event.
	for (const text of ['Webhook URLs', 'When will this node trigger my flow?']) {
		const rect = await page.evaluate((wanted) => {
			// The innermost element with exactly this text: the Webhook URLs headline also holds its
			// arrow icon, so it is not a leaf.
			const element = [...document.querySelectorAll('[data-test-id="ndv"] *')]
				.filter((candidate) => candidate.textContent.trim() === wanted)
				.at(-1);
			if (!element) return null;
			const { x, y, width, height } = element.getBoundingClientRect();
			return { x: x + width / 2, y: y + height / 2 };
		}, text);
		// A real mouse click: the collapsible listens on an ancestor of the text.
		if (rect) await page.mouse.click(rect.x, rect.y);
		await pause(800);
	}
	await shot(page, 'n8n-trigger-panel.png');
} finally {
	await browser.close();
	env.child.kill('SIGTERM');
}
