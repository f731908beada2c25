/**
 * Issue → Publish and Replace PDF through n8n's engine: binaries kept on disk by n8n's binary data
 * service (streamed with getBinaryStream, never read into memory) or in memory, the upload PUT
 * without the API key, re-runs that do not publish twice.
 */
import { RENDERED_COVER_JPEG } from '../../sandbox/reader/sample-files';
import { useBinaryDataMode } from './harness';
import { startNumeroSandbox, type NumeroTestContext } from './support/numero-sandbox';

let t: NumeroTestContext;
beforeAll(async () => {
	t = await startNumeroSandbox();
});
afterAll(async () => t.close());

interface StateIssue {
	id: string;
	titre: string;
	statut: string;
	sha256: string;
	lien_achat: string | null;
	telechargement: boolean | null;
	impression: boolean | null;
	nom_fichier: string;
	couverture_sha256: string | null;
}
const issueInState = async (id: string) =>
	(await t.admin<{ issues: StateIssue[] }>('GET', '/state')).issues.find(
		(issue) => issue.id === id,
	);

test('publishes a PDF that n8n keeps on disk, streaming it from disk, with every field', async () => {
	const binaryData = await useBinaryDataMode('filesystem');
	const streamed = jest.spyOn(binaryData.service, 'getAsStream');
	const buffered = jest.spyOn(binaryData.service, 'getAsBuffer');
	const pdf = t.pdfFile('La Gazette du Port, décembre 2026', 3);
	await t.admin('POST', '/uploads/requests/reset');

	const parameters = {
		resource: 'issue',
		operation: 'publish',
		binaryPropertyName: 'data',
		title: 'La Gazette du Port, décembre 2026',
		periodicalMode: 'existing',
		periodical: 'gazette',
		additionalFields: {
			access: 'libre',
			address: 'gazette-2026-12',
			domain: 'numero.press',
			download: 'no',
			print: 'periodical',
			fileName: 'gazette-decembre.pdf',
			pages: 3,
			purchaseLink: 'https://gazette-du-port.example/boutique/2026-12',
			releaseMonth: '2026-12',
		},
	};
	const input = [
		{
			json: {},
			binary: {
				data: { filePath: pdf.filePath, fileName: 'gazette.pdf', mimeType: 'application/pdf' },
			},
		},
	];
	const result = await t.run(parameters, { input });

	expect(result.nodeError).toBeUndefined();
	expect(result.items).toHaveLength(1);
	const out = result.items[0]!;
	expect(out.pairedItem).toEqual({ item: 0 });
	expect(out.json).toMatchObject({
		numero: {
			id: 'numero.press:gazette-2026-12',
			titre: 'La Gazette du Port, décembre 2026',
			publication: { code: 'gazette', nom: 'La Gazette du Port' },
			date: '2026-12-01',
			pages: 3,
			acces: 'libre',
			statut: 'en_ligne',
		},
		couverture: 'en_preparation',
		pdf: { taille: pdf.bytes.length, deja_present: false },
		replayed: false,
	});
	expect(out.json.idempotencyKey).toMatch(/^pub_/);
	// n8n kept the file on disk: the node streamed it twice (to hash it, then to upload it), never buffered it.
	expect(streamed).toHaveBeenCalledTimes(2);
	expect(buffered).not.toHaveBeenCalled();

	const stored = await issueInState('numero.press:gazette-2026-12');
	expect(stored).toMatchObject({
		lien_achat: 'https://gazette-du-port.example/boutique/2026-12',
		telechargement: false,
		impression: null,
		nom_fichier: 'gazette-decembre.pdf',
	});
	const uploads = await t.admin<{
		requests: Array<{ method: string; headers: Record<string, string> }>;
	}>('GET', '/uploads/requests');
	expect(uploads.requests.map((r) => r.method)).toEqual(['PUT']);
	expect(Object.keys(uploads.requests[0]!.headers).map((h) => h.toLowerCase())).not.toContain(
		'authorization',
	);
	expect(JSON.stringify(uploads.requests)).not.toContain(t.sandbox.keys.full);

	// The same workflow run again (e.g. a retried execution) returns the first issue instead of a second one.
	streamed.mockClear();
	const again = await t.run(parameters, { input });
	expect(streamed).toHaveBeenCalledTimes(1); // hashed, not sent again
	expect(again.items[0]!.json).toMatchObject({
		numero: { id: 'numero.press:gazette-2026-12' },
		pdf: { deja_present: true },
		replayed: true,
		idempotencyKey: out.json.idempotencyKey,
	});
	streamed.mockRestore();
	buffered.mockRestore();
});

test('publishes in n8n in-memory binary mode, into a new periodical, with a cover and a schedule', async () => {
	const binaryData = await useBinaryDataMode('memory');
	const streamed = jest.spyOn(binaryData.service, 'getAsStream');
	const pdf = t.pdfFile('Les Carnets, numéro 1');
	const publishAt = new Date(Date.now() + 10 * 24 * 3600 * 1000).toISOString();
	const result = await t.run(
		{
			resource: 'issue',
			operation: 'publish',
			binaryPropertyName: 'pdf',
			title: 'Les Carnets, numéro 1',
			periodicalMode: 'new',
			newPeriodicalName: 'Les Carnets',
			additionalFields: { coverBinaryPropertyName: 'cover', publishAt },
			options: { idempotencyKey: 'carnets-1-first-try' },
		},
		{
			binaryMode: 'memory',
			input: [
				{
					json: { n: 1 },
					binary: {
						pdf: { bytes: pdf.bytes, fileName: 'carnets-1.pdf', mimeType: 'application/pdf' },
						cover: { bytes: RENDERED_COVER_JPEG, fileName: 'cover.jpg', mimeType: 'image/jpeg' },
					},
				},
			],
		},
	);
	expect(result.nodeError).toBeUndefined();
	expect(result.items[0]!.json).toMatchObject({
		numero: {
			titre: 'Les Carnets, numéro 1',
			publication: { nom: 'Les Carnets' },
			statut: 'programme',
		},
		couverture: 'prete',
		cover: { taille: RENDERED_COVER_JPEG.length, deja_present: false },
		idempotencyKey: 'carnets-1-first-try',
		replayed: false,
	});
	expect(Date.parse((result.items[0]!.json.numero as { publier_le: string }).publier_le)).toBe(
		Date.parse(publishAt),
	);
	expect(streamed).not.toHaveBeenCalled();
	streamed.mockRestore();
	await useBinaryDataMode('filesystem');
});

test("replaces an issue's PDF, keeping its title unless a new one is given", async () => {
	const id = 'numero.press:gazette-2026-10';
	const before = await issueInState(id);
	const pdf = t.pdfFile('La Gazette du Port, octobre 2026 (corrigée)', 4);
	const result = await t.run(
		{
			resource: 'issue',
			operation: 'replacePdf',
			issueId: { __rl: true, mode: 'id', value: id },
			binaryPropertyName: 'data',
			additionalFields: { pages: 4 },
		},
		{
			input: [
				{
					json: {},
					binary: {
						data: {
							filePath: pdf.filePath,
							fileName: 'octobre-v2.pdf',
							mimeType: 'application/pdf',
						},
					},
				},
			],
		},
	);
	expect(result.nodeError).toBeUndefined();
	expect(result.items[0]!.json).toMatchObject({
		numero: { id, titre: before!.titre, pages: 4 },
		pdf: { taille: pdf.bytes.length, deja_present: false },
		replayed: false,
	});
	const after = await issueInState(id);
	expect(after!.sha256).not.toBe(before!.sha256);
	expect(after!.nom_fichier).toBe('octobre-v2.pdf');

	const retitled = await t.run(
		{
			resource: 'issue',
			operation: 'replacePdf',
			issueId: { __rl: true, mode: 'list', value: id },
			binaryPropertyName: 'data',
			additionalFields: { title: 'La Gazette du Port, octobre 2026, édition corrigée' },
		},
		{
			input: [
				{
					json: {},
					binary: {
						data: {
							filePath: pdf.filePath,
							fileName: 'octobre-v2.pdf',
							mimeType: 'application/pdf',
						},
					},
				},
			],
		},
	);
	expect(retitled.items[0]!.json).toMatchObject({
		numero: { id, titre: 'La Gazette du Port, octobre 2026, édition corrigée' },
		pdf: { deja_present: true },
	});
});

test('a missing binary property fails that item, naming the field, before anything is sent', async () => {
	const result = await t.run(
		{
			resource: 'issue',
			operation: 'publish',
			binaryPropertyName: 'data',
			title: 'X',
			periodicalMode: 'existing',
			periodical: 'gazette',
		},
		{ continueOnFail: true, input: [{ json: { no: 'file' } }] },
	);
	expect(result.items).toHaveLength(1);
	expect(result.items[0]!.pairedItem).toEqual({ item: 0 });
	expect(result.items[0]!.json.error).toMatch(/binary/i);
});
