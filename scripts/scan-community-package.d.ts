/** The part of @n8n/scan-community-package 0.32's scanner/scanner.mjs that scripts/scan-package.ts uses. */
declare module '@n8n/scan-community-package/scanner/scanner.mjs' {
	export interface AnalysisResult {
		passed: boolean;
		message?: string;
		details?: string;
	}
	/** Lints `packageDir` with the scanner's ESLint configuration (inline configuration disabled). */
	export function analyzePackage(
		packageDir: string,
		filePatterns?: string[],
	): Promise<AnalysisResult>;
	/** What the scanner lints in the source checkout its npm provenance points at. */
	export const SOURCE_FILE_PATTERNS: string[];
}
