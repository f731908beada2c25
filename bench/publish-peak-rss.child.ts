/**
 * Run as its own process by publish-issue.bench.ts: publishes the file NUMERO_FILE through the
 * standalone client and prints one JSON line with the process's peak resident memory, so the figure
 * is that of a process doing nothing but publishing.
 */
import { publishIssue } from '../shared';
import { createClient, fileSource } from '../standalone';
import { peakRssBytes } from './peak-rss';

async function main(): Promise<void> {
	const client = createClient({
		baseUrl: process.env.NUMERO_BASE_URL!,
		apiKey: process.env.NUMERO_API_KEY!,
		userAgent: process.env.NUMERO_USER_AGENT!,
	});
	const published = await publishIssue(client, {
		pdf: fileSource(process.env.NUMERO_FILE!, 'large.pdf'),
		fields: { titre: 'Peak memory benchmark', publication: 'gazette' },
	});
	process.stdout.write(
		`${JSON.stringify({ peakRss: peakRssBytes(), taille: published.pdf.taille, dejaPresent: published.pdf.deja_present })}\n`,
	);
	// The keep-alive pool would hold the process open for its idle timeout.
	process.exit(0);
}

main().catch((error: unknown) => {
	process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
	process.exit(1);
});
