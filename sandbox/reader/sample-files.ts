/** Real, small files the sandbox makes itself: seeded PDFs and the cover "rendered" from page 1. */

/** A valid PDF of `pages` pages, each showing the title and its page number. */
export function samplePdf(title: string, pages: number): Buffer {
	const safe = title.replace(/[^\x20-\x7e]/g, '?').replace(/([()\\])/g, '\\$1');
	const objects: string[] = [];
	const pageIds = Array.from({ length: pages }, (_, i) => 4 + i * 2);
	objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
	objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`;
	objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
	pageIds.forEach((id, index) => {
		const content = `BT /F1 24 Tf 72 720 Td (${safe}) Tj 0 -40 Td (Page ${index + 1}) Tj ET`;
		objects[id] =
			`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R >>`;
		objects[id + 1] = `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`;
	});
	let out = '%PDF-1.4\n';
	const offsets: number[] = [];
	for (let id = 1; id < objects.length; id += 1) {
		offsets[id] = Buffer.byteLength(out);
		out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
	}
	const xref = Buffer.byteLength(out);
	out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
	for (let id = 1; id < objects.length; id += 1)
		out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
	out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
	return Buffer.from(out, 'latin1');
}

/** A 1×1 baseline JPEG: the cover the sandbox "renders" from page 1 when none was uploaded. */
export const RENDERED_COVER_JPEG = Buffer.from(
	'/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
	'base64',
);
