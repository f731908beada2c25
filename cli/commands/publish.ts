import { basename } from 'node:path';
import type { CommandSpec } from '../args';
import { API_ENV, API_OPTIONS, apiClient } from '../api-client';
import type { Command, CommandContext } from '../command';
import { EXIT } from '../exit-codes';
import { bytes, fields } from '../human-format';
import { exclusive, ISSUE_OPTIONS, issueOptionFields } from '../issue-options';
import { issueText } from '../issue-view';
import { progressBarFor } from '../progress-bar';
import {
	publishIssue,
	replaceIssuePdf,
	type IssueFields,
	type PublishedIssue,
	type PublishProgress,
	type ServiceDomain,
} from '../../shared';
import { fileSource } from '../../standalone';

const spec: CommandSpec = {
	name: 'publish',
	summary:
		'Publish an issue from a PDF (hash, upload, create), or replace the PDF of one (permission publication).',
	description: [
		'The PDF (and the cover) is hashed, uploaded unless the service already has it, then the issue is',
		'created. Running the same command again within 24 hours returns the issue created the first time',
		'instead of publishing twice (the idempotency key comes from the files and the fields).',
		'A progress bar shows on stderr when it is a terminal.',
	].join('\n'),
	positionals: [
		{ name: 'file.pdf', sets: ['pdf', 'pdf.size'], description: 'The PDF of the issue.' },
	],
	options: {
		title: ISSUE_OPTIONS.title!,
		periodical: {
			type: 'string',
			sets: ['publication'],
			value: '<code>',
			description: 'Code of the existing periodical.',
		},
		'new-periodical': {
			type: 'string',
			sets: ['nouvelle_publication'],
			value: '<name>',
			description: 'Name of a new periodical to create with this issue.',
		},
		month: {
			type: 'string',
			sets: ['parution'],
			value: '<YYYY-MM>',
			description: 'The release month (parution).',
		},
		cover: {
			type: 'string',
			sets: ['cover', 'cover.size'],
			value: '<file.jpg>',
			description: 'A JPEG cover (default: page 1, rendered within two minutes).',
		},
		replace: {
			type: 'string',
			sets: ['id', 'remplace'],
			value: '<id>',
			description:
				'Replace the PDF of this issue (same addresses, links and integrations); without --title the title is kept.',
		},
		...ISSUE_OPTIONS,
		domain: {
			type: 'string',
			sets: ['domaine'],
			value: '<domain>',
			description: 'numero.press (default) or kiosque.press.',
		},
		address: {
			type: 'string',
			sets: ['adresse'],
			value: '<slug>',
			description: "End of the issue's address (default: made from periodical and title).",
		},
		pages: { type: 'string', sets: ['pages'], value: '<n>', description: 'The page count.' },
		'idempotency-key': {
			type: 'string',
			sets: ['Idempotency-Key'],
			value: '<key>',
			description: 'Your own key instead of the one derived from files and fields.',
		},
		...API_OPTIONS,
	},
	env: API_ENV,
	examples: [
		'numero publish mars-2026.pdf --title "Mars 2026" --periodical gazette-jardins --month 2026-03',
		'numero publish first.pdf --title "Issue 1" --new-periodical "Bulletin du Club" --cover cover.jpg --access libre',
		'numero publish fixed.pdf --replace numero.press:gazette-2026-03',
		'numero publish avril.pdf --title "Avril 2026" --periodical gazette-jardins --schedule 2026-04-01T08:00:00+02:00',
	],
};

async function run(context: CommandContext): Promise<number> {
	const { args, io, output } = context;
	exclusive(args, 'periodical', 'new-periodical');
	const replaces = args.string('replace');
	const fieldsGiven = publishFields(context);
	const idempotencyKey = args.string('idempotency-key');
	const client = apiClient(context);
	const pdfPath = args.positional(0) ?? '';
	const coverPath = args.string('cover');
	const files = {
		pdf: fileSource(pdfPath),
		...(coverPath !== undefined ? { cover: fileSource(coverPath) } : {}),
	};

	const bar = progressBarFor(io, {
		pdf: basename(pdfPath),
		...(coverPath !== undefined ? { cover: basename(coverPath) } : {}),
	});
	const options = {
		...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
		...(bar ? { onProgress: (progress: PublishProgress) => bar.update(progress) } : {}),
	};
	let published: PublishedIssue;
	try {
		published =
			replaces === undefined
				? // titre is required by the API; an absent --title reaches the core, which names the field and the rule.
					await publishIssue(client, { ...files, fields: fieldsGiven as IssueFields, ...options })
				: await replaceIssuePdf(client, {
						id: replaces,
						...files,
						fields: fieldsGiven,
						...options,
					});
	} finally {
		bar?.finish();
	}
	output.result(published, () => publishedText(published, replaces !== undefined));
	return EXIT.ok;
}

/** The issue fields given as options (for a replacement without --title, the current title is kept). */
function publishFields({ args }: CommandContext): Partial<IssueFields> {
	const optional = {
		...issueOptionFields(args),
		publication: args.string('periodical'),
		nouvelle_publication: args.string('new-periodical'),
		parution: args.string('month'),
		domaine: args.string('domain') as ServiceDomain | undefined, // the core checks it is one of the two
		adresse: args.string('address'),
		pages: args.integer('pages'),
	};
	return Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined));
}

function publishedText(published: PublishedIssue, replacement: boolean): string {
	const issue = published.numero;
	const what = replacement
		? `Replaced the PDF of ${issue.id}.`
		: issue.statut === 'programme'
			? `Scheduled ${issue.id} for ${issue.publier_le ?? 'later'}.`
			: `Published ${issue.id}.`;
	const files = [published.pdf, ...(published.cover ? [published.cover] : [])];
	return [
		published.replayed
			? `${what} (an earlier run with the same idempotency key had already done it; nothing new was created)`
			: what,
		issueText(issue),
		fields([
			[
				'Cover',
				published.couverture === 'prete'
					? 'ready'
					: 'being rendered from page 1 (within two minutes)',
			],
			...files.map((file, index): [string, string] => [
				index === 0 ? 'PDF' : 'Cover file',
				`${bytes(file.taille)}, sha256 ${file.sha256}${file.deja_present ? ' (already stored, not sent again)' : ''}`,
			]),
			['Idempotency key', published.idempotencyKey],
		]),
	].join('\n\n');
}

export const publishCommand: Command = {
	spec,
	run,
};
