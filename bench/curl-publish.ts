/**
 * A publication done by hand with curl, as in a shell script: `POST /televersements`, then `curl -T`
 * of the file to the returned upload address with exactly its `en_tetes`, then `POST /numeros`, each
 * a process, with the same Authorization and User-Agent as our client. The benchmarks' baselines.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Televersement } from '../shared';
import { BENCH_USER_AGENT, type SandboxProcess } from './sandbox-process';

export const run = promisify(execFile);

async function curlJson<T>(
	sandbox: SandboxProcess,
	path: string,
	body: object,
	extraHeaders: string[] = [],
): Promise<T> {
	const { stdout } = await run('curl', [
		'-sS',
		'--fail-with-body',
		'-X',
		'POST',
		`${sandbox.baseUrl}${path}`,
		'-H',
		`Authorization: Bearer ${sandbox.keys.full}`,
		'-H',
		`User-Agent: ${BENCH_USER_AGENT}`,
		'-H',
		'Content-Type: application/json',
		'-H',
		'Accept: application/json',
		...extraHeaders,
		'--data-binary',
		JSON.stringify(body),
	]);
	return JSON.parse(stdout) as T;
}

/** Publishes the file at `path`, whose SHA-256 and size the caller computed, with curl. */
export async function publishWithCurl(
	sandbox: SandboxProcess,
	path: string,
	file: { sha256: string; taille: number },
	titre: string,
): Promise<void> {
	const { sha256, taille } = file;
	const upload = await curlJson<Televersement>(sandbox, '/televersements', { sha256, taille });
	if (upload.deja_present)
		throw new Error(
			'curl baseline: the sandbox already had this file; the run would not upload it',
		);
	const headers = Object.entries(upload.en_tetes).flatMap(([name, value]) => [
		'-H',
		`${name}: ${value}`,
	]);
	const put = await run('curl', [
		'-sS',
		'--fail-with-body',
		'-o',
		'/dev/null',
		'-w',
		'%{http_code}',
		'-T',
		path,
		...headers,
		upload.url,
	]);
	if (!put.stdout.startsWith('2')) throw new Error(`curl -T: HTTP ${put.stdout}`);
	await curlJson(sandbox, '/numeros', { sha256, taille, titre, publication: 'gazette' }, [
		'-H',
		`Idempotency-Key: curl-${sha256}`,
	]);
}
