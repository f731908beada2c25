import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A small but well-formed one-page PDF, different for each title (so each has its own SHA-256). */
export function writePdf(folder: string, name: string, title: string): string {
	const content = `BT /F1 24 Tf 72 720 Td (${title}) Tj ET`;
	const objects = [
		'<< /Type /Catalog /Pages 2 0 R >>',
		'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
		`<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
		'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
	];
	let pdf = '%PDF-1.4\n';
	const offsets: number[] = [];
	objects.forEach((object, index) => {
		offsets.push(pdf.length);
		pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
	});
	const xref = pdf.length;
	pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
	pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
	const path = join(folder, name);
	writeFileSync(path, pdf, 'latin1');
	return path;
}

/** The bytes of a JPEG (SOI, a JFIF APP0 segment, EOI) with some filler: enough for an upload. */
export function writeJpeg(folder: string, name: string, size = 4096): string {
	const bytes = Buffer.alloc(size, 0x20);
	Buffer.from([
		0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
		0x00, 0x01, 0x00, 0x00,
	]).copy(bytes);
	bytes[size - 2] = 0xff;
	bytes[size - 1] = 0xd9;
	const path = join(folder, name);
	writeFileSync(path, bytes);
	return path;
}
