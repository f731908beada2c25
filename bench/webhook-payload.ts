/**
 * A numero.publie delivery body of about the given size: the envelope of numero-api.md (id, type,
 * cree_le, donnees with the fields), with a table of contents in `donnees` to reach the size,
 * so the body is structured JSON (as costly to parse as real data) rather than one long string.
 */
export function webhookBody(bytes: number): Buffer {
	const event = {
		id: 'evt_5f0c8e2a9b7d4c1e3a6f8b20',
		type: 'numero.publie',
		cree_le: '2025-06-01T08:00:00.000Z',
		donnees: {
			id: 'numero.press:gazette-2025-06',
			titre: 'La Gazette du littoral, numéro de juin',
			publication: { code: 'gazette', nom: 'La Gazette du littoral' },
			date: '2025-06-01',
			pages: 64,
			page_publique: 'https://numero.press/gazette-2025-06',
			sommaire: [] as Array<{ page: number; titre: string; rubrique: string }>,
		},
	};
	const entry = (page: number) => ({
		page,
		titre: `Article ${page} : les marées d’été et la pêche à pied`,
		rubrique: page % 3 === 0 ? 'société' : 'région',
	});
	let page = 1;
	while (
		Buffer.byteLength(JSON.stringify(event)) + Buffer.byteLength(JSON.stringify(entry(page))) + 1 <=
		bytes
	)
		event.donnees.sommaire.push(entry(page++));
	const body = JSON.stringify(event);
	// Pad the last few bytes inside a string field so the size is exact.
	const missing = bytes - Buffer.byteLength(body);
	event.donnees.titre += ' '.repeat(missing);
	return Buffer.from(JSON.stringify(event));
}
