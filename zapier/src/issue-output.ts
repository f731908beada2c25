import type { PlainOutputField } from 'zapier-platform-core';
import type { Numero } from '../../shared';

/** Output fields of an issue (Numero), as GET /numeros returns it. Nested keys use Zapier's `a__b`. */
export const ISSUE_OUTPUT_FIELDS: PlainOutputField[] = [
	{ key: 'id', label: 'Issue ID', type: 'string' },
	{ key: 'titre', label: 'Title', type: 'string' },
	{ key: 'publication__code', label: 'Periodical Code', type: 'string' },
	{ key: 'publication__nom', label: 'Periodical Name', type: 'string' },
	{ key: 'date', label: 'Release Date', type: 'string' },
	{ key: 'pages', label: 'Page Count', type: 'integer' },
	{ key: 'acces', label: 'Access (abonnes or libre)', type: 'string' },
	{ key: 'page_publique', label: 'Public Page URL', type: 'string' },
	{ key: 'lecture_libre', label: 'Free Reading URL', type: 'string' },
	{ key: 'couverture', label: 'Cover Image URL', type: 'string' },
	{ key: 'statut', label: 'Status (en_ligne, programme or retire)', type: 'string' },
	{ key: 'publier_le', label: 'Scheduled Release Time', type: 'datetime' },
];

export const ISSUE_SAMPLE = {
	id: 'numero.press:gazette-du-port-mars-2026',
	titre: 'La Gazette du Port, mars 2026',
	publication: { code: 'gazette-du-port', nom: 'La Gazette du Port' },
	date: '2026-03-01',
	pages: 48,
	acces: 'abonnes',
	page_publique: 'https://numero.press/gazette-du-port-mars-2026',
	lecture_libre: null,
	couverture: 'https://numero.press/couvertures/numero.press/gazette-du-port-mars-2026.jpg',
	statut: 'en_ligne',
	publier_le: null,
} satisfies Numero;
