/**
 * The secrets part in a real n8n: the workflows of scripts/e2e run with the recognisable keys (a
 * reading link asked for by the CRM, two that fail, a PDF published from the drop folder), their
 * answers searched, and the upload origin's record of the PUT n8n sent checked for the key.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import type { N8nEnvironment } from '../../../scripts/e2e/n8n-environment';
import { uniquePdf } from '../../../zapier/test/support/files';
import type { SecretScan } from './secret-scan';

export interface RealN8nRun {
	succeeded: number;
	failed: number;
	unexpected: string[];
	uploads: { puts: number; withAuthorization: number };
}

async function admin<T>(env: N8nEnvironment, method: string, route: string): Promise<T> {
	const response = await fetch(`${env.sandbox.adminUrl}${route}`, {
		method,
		headers: { authorization: `Bearer ${env.sandbox.adminToken}` },
	});
	if (!response.ok) throw new Error(`sandbox admin ${method} ${route}: HTTP ${response.status}`);
	return (await response.json()) as T;
}

/** A file copied into the drop folder the way a file manager finishes a copy: complete, then renamed in. */
function dropIntoFolder(env: N8nEnvironment, name: string, bytes: Buffer): void {
	const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'numero-drop-'));
	fs.writeFileSync(path.join(staging, name), bytes);
	fs.renameSync(path.join(staging, name), path.join(env.dropFolder, name));
	fs.rmSync(staging, { recursive: true, force: true });
}

export async function runRealN8nWorkflows(
	env: N8nEnvironment,
	scan: SecretScan,
): Promise<RealN8nRun> {
	const run: RealN8nRun = {
		succeeded: 0,
		failed: 0,
		unexpected: [],
		uploads: { puts: 0, withAuthorization: 0 },
	};
	const askForLink = async (name: string, expectOk: boolean, body: object) => {
		const response = await fetch(env.workflows.readingLink.url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});
		const text = await response.text();
		scan.scan(
			`reading link workflow (${name}) answer`,
			`${response.status} ${JSON.stringify([...response.headers])} ${text}`,
		);
		if (response.ok) run.succeeded++;
		else run.failed++;
		if (response.ok !== expectOk) run.unexpected.push(`${name}: HTTP ${response.status}`);
	};
	await askForLink('a subscriber', true, {
		subscriber: 'sub_secret_real',
		issue: 'numero.press:gazette-2026-10',
	});
	await askForLink('a reference with a space', false, {
		subscriber: 'sub secret',
		issue: 'numero.press:gazette-2026-10',
	});
	await askForLink('an issue that does not exist', false, {
		subscriber: 'sub_secret_real',
		issue: 'numero.press:absent',
	});

	await admin(env, 'POST', '/uploads/requests/reset');
	const workflowId = env.workflows.dropFolder.id;
	const before = await env.n8n.rest.executionCounts(workflowId);
	dropIntoFolder(env, 'Secrets in a real n8n.pdf', uniquePdf('Secrets in a real n8n'));
	let after = before;
	for (
		let waited = 0;
		(after.finished <= before.finished || after.running > 0) && waited < 90_000;
		waited += 250
	) {
		await new Promise((resolve) => setTimeout(resolve, 250));
		after = await env.n8n.rest.executionCounts(workflowId);
	}
	if (after.success > before.success) run.succeeded++;
	else
		run.unexpected.push(
			'the dropped PDF was not published (no successful execution of the drop folder workflow)',
		);

	const { requests } = await admin<{
		requests: Array<{ method: string; headers: Record<string, string> }>;
	}>(env, 'GET', '/uploads/requests');
	const puts = requests.filter((request) => request.method === 'PUT');
	scan.scan('upload PUT headers (real n8n)', JSON.stringify(puts));
	run.uploads = {
		puts: puts.length,
		withAuthorization: puts.filter((put) =>
			Object.keys(put.headers).some((name) => name.toLowerCase() === 'authorization'),
		).length,
	};
	return run;
}
