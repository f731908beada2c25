/**
 * Bad input (see RELIABILITY.md): every field rule of the reference, each violated, through the
 * core, the n8n node and the Zapier app. Each must be refused with an error naming the field, with
 * nothing sent: the sandbox's request counters do not move.
 */
import { startFileHost, type FileHost } from '../../zapier/test/support/local-servers';
import { startHarness, type Harness } from '../core/support/sandbox-harness';
import { badInputCases } from './support/bad-input-cases';
import {
	closeBadInputTransport,
	throughCore,
	throughN8n,
	throughZapier,
	verdictHolds,
	type Verdict,
} from './support/bad-input-runner';
import { recordPart, type ResultRow } from './support/results';

let harness: Harness;
let files: FileHost;
beforeAll(async () => {
	harness = await startHarness({ rateLimit: 0 });
	files = await startFileHost();
});
afterAll(async () => {
	await files.close();
	await closeBadInputTransport();
	await harness.close();
});

const PROMISE =
	'each violated rule refused by every integration that lets a person give the field, with an error naming the field, and nothing sent (the sandbox request counters unchanged).';

test('every field rule of the reference, violated through the core, the n8n node and the Zapier app', async () => {
	const cases = badInputCases(harness.sandbox.baseUrl);
	const ruleRows: ResultRow[] = [];
	const problems: string[] = [];
	const totals = {
		core: { rules: 0, refused: 0, named: 0, sent: 0, na: 0 },
		n8n: { rules: 0, refused: 0, named: 0, sent: 0, na: 0 },
		zapier: { rules: 0, refused: 0, named: 0, sent: 0, na: 0 },
	};
	// z.console and n8n would print each refusal: the verdicts carry the messages.
	const consoleLog = jest.spyOn(console, 'log').mockImplementation(() => undefined);
	try {
		for (const badCase of cases) {
			const verdicts: Partial<Record<keyof typeof totals, Verdict>> = {};
			verdicts.core = await throughCore(harness, badCase);
			if (typeof badCase.n8n !== 'string')
				verdicts.n8n = await throughN8n(harness, badCase, badCase.n8n);
			if (typeof badCase.zapier !== 'string')
				verdicts.zapier = await throughZapier(harness, files, badCase, badCase.zapier);
			const counts: Record<string, number> = {};
			for (const through of ['core', 'n8n', 'zapier'] as const) {
				const verdict = verdicts[through];
				const total = totals[through];
				total.rules++;
				if (!verdict) {
					total.na++;
					continue;
				}
				if (verdict.refused) total.refused++;
				if (verdict.named) total.named++;
				total.sent += verdict.sent;
				counts[`${through === 'zapier' ? 'Zapier' : through}: requests sent`] = verdict.sent;
				if (!verdictHolds(verdict))
					problems.push(
						`${badCase.rule} through ${through}: ${verdict.refused ? '' : 'NOT REFUSED; '}${verdict.named ? '' : 'field not named; '}${verdict.sent} sent; ${verdict.message}`,
					);
			}
			ruleRows.push({
				through: badCase.rule,
				what: `${badCase.field} (${badCase.coreRule})`,
				counts,
				held: Object.values(verdicts).every(verdictHolds),
			});
		}
	} finally {
		consoleLog.mockRestore();
	}

	const summaryRow = (through: string, total: (typeof totals)['core']): ResultRow => {
		const applicable = total.rules - total.na;
		const counts = {
			'rules in the table': total.rules,
			'not expressible here': total.na,
			'violations tried': applicable,
			refused: total.refused,
			'error names the field': total.named,
			'requests sent': total.sent,
		};
		return {
			through,
			what: 'field rules',
			counts,
			held: total.refused === applicable && total.named === applicable && total.sent === 0,
		};
	};
	const rows = [
		summaryRow('core', totals.core),
		summaryRow('n8n node', totals.n8n),
		summaryRow('Zapier app', totals.zapier),
	];
	const setup =
		'the sandbox API request counter (GET /admin/requests) and upload log (GET /admin/uploads/requests) read before and after each attempt; "not expressible" = the integration computes the value (hashes, sizes of a file it reads) or its form prevents it (the node asks for an existing or a new periodical).';
	recordPart('bad-input', { order: 5, part: 'Bad input', promise: PROMISE, setup, rows });
	recordPart('bad-input-rules', {
		order: 6,
		part: 'Bad input: each rule',
		promise:
			'refused, field named, 0 requests sent (blank: not expressible through that integration).',
		setup: 'the rule as the reference states it; the field and the rule name the core gives.',
		rows: ruleRows,
	});
	expect(problems).toEqual([]);
	expect(rows.map((row) => row.held)).toEqual([true, true, true]);
});
