/** Replacing an issue's PDF through the core: the title is kept unless given, the domain follows the id, bad input sends nothing. */
import { createHash } from 'crypto';
import {
	bytesSource,
	NumeroValidationError,
	publishIssue,
	replaceIssuePdf,
	type ReplaceIssuePdfInput,
} from '../../shared';
import { startHarness, type Harness } from './support/sandbox-harness';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const sha = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

interface State {
	issues: Array<{
		id: string;
		titre: string;
		sha256: string;
		pages: number | null;
		nom_fichier: string | null;
	}>;
}

describe('replaceIssuePdf', () => {
	let harness: Harness;
	beforeAll(async () => {
		harness = await startHarness();
	});
	afterAll(async () => {
		await harness.close();
	});

	const issueInState = async (id: string) =>
		(await harness.admin<State>('GET', '/state')).issues.find((issue) => issue.id === id);

	it('keeps the current title when none is given, and replays instead of replacing twice', async () => {
		const original = await publishIssue(harness.client(), {
			pdf: bytesSource(encode('%PDF-1.4 first')),
			fields: { titre: 'Kept Title', publication: 'gazette' },
		});
		const v2 = encode('%PDF-1.4 second, corrected');
		const input: ReplaceIssuePdfInput = {
			id: original.numero.id,
			pdf: bytesSource(v2, 'fixed.pdf'),
			fields: { pages: 12 },
		};
		const replaced = await replaceIssuePdf(harness.client(), input);
		expect(replaced).toMatchObject({
			replayed: false,
			numero: { id: original.numero.id, titre: 'Kept Title' },
			pdf: { sha256: sha(v2) },
		});
		expect(await issueInState(original.numero.id)).toMatchObject({
			titre: 'Kept Title',
			sha256: sha(v2),
			pages: 12,
			nom_fichier: 'fixed.pdf',
		});

		const again = await replaceIssuePdf(harness.client(), input);
		expect(again).toMatchObject({ replayed: true, numero: { id: original.numero.id } });
	});

	it('changes settings given with the new PDF and keeps the others', async () => {
		const original = await publishIssue(harness.client(), {
			pdf: bytesSource(encode('%PDF-1.4 settings v1')),
			fields: { titre: 'Settings Kept', publication: 'gazette', acces: 'abonnes' },
		});
		const replaced = await replaceIssuePdf(harness.client(), {
			id: original.numero.id,
			pdf: bytesSource(encode('%PDF-1.4 settings v2')),
			fields: { acces: 'libre' },
		});
		expect(replaced.numero).toMatchObject({
			id: original.numero.id,
			titre: 'Settings Kept',
			acces: 'libre',
		});
	});

	it('takes a new title, and uploads to the domain of the issue', async () => {
		const original = await publishIssue(harness.client(), {
			pdf: bytesSource(encode('%PDF-1.4 kiosque')),
			fields: { titre: 'On Kiosque', publication: 'gazette', domaine: 'kiosque.press' },
		});
		expect(original.numero.id.startsWith('kiosque.press:')).toBe(true);
		const v2 = encode('%PDF-1.4 kiosque v2');
		const replaced = await replaceIssuePdf(harness.client(), {
			id: original.numero.id,
			pdf: bytesSource(v2),
			fields: { titre: 'On Kiosque, Revised' },
		});
		expect(replaced.numero).toMatchObject({ id: original.numero.id, titre: 'On Kiosque, Revised' });
		expect(await issueInState(original.numero.id)).toMatchObject({ sha256: sha(v2) });
	});

	describe('refuses bad input before sending anything (not even the title lookup)', () => {
		const pdf = () => bytesSource(encode('%PDF-1.4 x'));
		const cases: Array<[string, () => ReplaceIssuePdfInput, string, string]> = [
			[
				'an empty file',
				() => ({ id: 'numero.press:gazette-x', pdf: bytesSource(new Uint8Array(0)) }),
				'pdf.size',
				'range',
			],
			['a bad issue id', () => ({ id: 'not an id', pdf: pdf() }), 'id', 'pattern'],
			[
				'an empty title',
				() => ({ id: 'numero.press:gazette-x', pdf: pdf(), fields: { titre: '' } }),
				'titre',
				'length',
			],
			[
				'a field a replacement cannot change',
				() => ({
					id: 'numero.press:gazette-x',
					pdf: pdf(),
					fields: { adresse: 'elsewhere' } as never,
				}),
				'adresse',
				'unknown_field',
			],
			[
				'a schedule',
				() => ({
					id: 'numero.press:gazette-x',
					pdf: pdf(),
					fields: { publier_le: '2030-01-01T00:00:00Z' } as never,
				}),
				'publier_le',
				'unknown_field',
			],
			[
				'zero pages',
				() => ({ id: 'numero.press:gazette-x', pdf: pdf(), fields: { pages: 0 } }),
				'pages',
				'range',
			],
			[
				'a bad idempotency key',
				() => ({ id: 'numero.press:gazette-x', pdf: pdf(), idempotencyKey: 'k'.repeat(121) }),
				'Idempotency-Key',
				'length',
			],
		];
		it.each(cases)('%s', async (_name, input, field, rule) => {
			const before = await harness.requestCount();
			const error = await replaceIssuePdf(harness.client(), input()).then(
				() => undefined,
				(e: unknown) => e,
			);
			expect(error).toBeInstanceOf(NumeroValidationError);
			expect(error).toMatchObject({ field, rule });
			expect(await harness.requestCount()).toBe(before);
		});
	});
});
