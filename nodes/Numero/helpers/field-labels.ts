/** The node's field (or credential field) behind each field name the core's validation errors give. */
const FIELD_LABELS: Record<string, string> = {
	id: 'Issue',
	remplace: 'Issue',
	reference: 'Subscriber Reference',
	jours: 'Days Valid',
	page: 'Page',
	titre: 'Title',
	publication: 'Periodical Name or ID',
	nouvelle_publication: 'New Periodical Name',
	parution: 'Release Month',
	acces: 'Access',
	lien_achat: 'Purchase Link',
	telechargement: 'Download',
	impression: 'Print',
	domaine: 'Domain',
	adresse: 'Address',
	pages: 'Pages',
	nom_fichier: 'File Name',
	publier_le: 'Schedule For',
	en_ligne: 'Online Status',
	patch: 'Update Fields',
	limite: 'Limit',
	depuis: 'Since',
	'Idempotency-Key': 'Idempotency Key',
	idempotencyKey: 'Idempotency Key',
	pdf: 'Input Binary Field',
	'pdf.size': 'Input Binary Field',
	cover: 'Cover Binary Field',
	'cover.size': 'Cover Binary Field',
	baseUrl: 'Base URL of the Numero API credential',
	apiKey: 'API Key of the Numero API credential',
};

export function fieldLabel(field: string): string | undefined {
	return FIELD_LABELS[field];
}
