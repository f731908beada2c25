/**
 * The release workflow (.github/workflows/publish.yml) cannot run here: its shape is checked instead.
 * It must publish from a version tag with npm provenance, on Node 24, only after every CI check, the
 * staged package (README.n8n.md as README), and have n8n's scanner check what was published.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { parse } from 'yaml';

import { PACKAGE_ROOT } from './harness';

interface Step {
	name?: string;
	id?: string;
	uses?: string;
	run?: string;
	with?: Record<string, unknown>;
	env?: Record<string, string>;
}
interface Job {
	'runs-on': string;
	needs?: string | string[];
	permissions?: Record<string, string>;
	steps: Step[];
}
interface Workflow {
	on: Record<string, unknown>;
	permissions?: Record<string, string>;
	jobs: Record<string, Job>;
}

const workflow = parse(
	fs.readFileSync(path.join(PACKAGE_ROOT, '.github/workflows/publish.yml'), 'utf8'),
) as Workflow;
const pkg = JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8'));
const publishJob = workflow.jobs.publish!;
const steps = publishJob.steps;
const indexOf = (match: (step: Step) => boolean, what: string): number => {
	const index = steps.findIndex(match);
	if (index < 0) throw new Error(`publish.yml: no step ${what}`);
	return index;
};
const runs = (pattern: RegExp) => (step: Step) => pattern.test(step.run ?? '');
const publishIndex = () => indexOf(runs(/\bnpm publish\b/), 'running npm publish');

test('it runs only when a version tag is pushed', () => {
	expect(Object.keys(workflow.on)).toEqual(['push']);
	expect(workflow.on.push).toEqual({ tags: ['v*'] });
});

test('the publishing job may mint an OIDC token (provenance) and only read the repository', () => {
	expect(workflow.permissions).toBeUndefined();
	expect(publishJob.permissions).toEqual({ 'id-token': 'write', contents: 'read' });
	for (const [name, job] of Object.entries(workflow.jobs)) {
		if (name === 'publish') continue;
		expect([name, job.permissions]).toEqual([name, { contents: 'read' }]);
	}
});

test('it checks out the tag and sets up Node 24', () => {
	expect(steps[0]!.uses).toMatch(/^actions\/checkout@v\d+$/);
	const setup =
		steps[indexOf((s) => /^actions\/setup-node@v\d+$/.test(s.uses ?? ''), 'setting up Node')]!;
	expect(String(setup.with?.['node-version'])).toBe('24');
	expect(fs.readFileSync(path.join(PACKAGE_ROOT, '.nvmrc'), 'utf8').trim()).toBe('24');
});

test('it refuses a tag that is not v + the package version, before anything else runs', () => {
	const check = indexOf((s) => s.id === 'version', 'with id "version"');
	expect(steps[check]!.run).toContain('GITHUB_REF_NAME');
	expect(steps[check]!.run).toContain('"v$version"');
	expect(steps[check]!.run).toContain('exit 1');
	expect(check).toBeLessThan(indexOf(runs(/\.ci\/run/), 'running .ci/run'));
});

test('every CI check runs before publishing: .ci/run, i.e. npm ci and npm run test:all with lint and the scanner', () => {
	const ci = indexOf(runs(/^\.ci\/run$/m), 'running .ci/run');
	expect(ci).toBeLessThan(publishIndex());
	const ciScript = fs.readFileSync(path.join(PACKAGE_ROOT, '.ci/run'), 'utf8');
	expect(ciScript).toMatch(/^npm ci\b/m);
	expect(ciScript).toMatch(/^npm run test:all$/m);
	for (const script of [
		'typecheck',
		'lint',
		'lint:shipped',
		'scan',
		'test',
		'test:zapier',
		'test:e2e',
		'test:reliability',
	]) {
		expect([script, (pkg.scripts['test:all'] as string).split(' && ')]).toEqual([
			script,
			expect.arrayContaining([`npm ${script === 'test' ? 'test' : `run ${script}`}`]),
		]);
	}
});

test('it publishes with provenance the folder it staged (README.n8n.md as README), after building', () => {
	const stage = indexOf(
		runs(/node dist\/scripts\/n8n-package\.js stage "([^"]+)"/),
		'staging the package',
	);
	expect(steps[stage]!.run).toMatch(/npm run build\n[^]*n8n-package\.js stage/);
	const folder = /n8n-package\.js stage "([^"]+)"/.exec(steps[stage]!.run!)![1]!;
	const publish = steps[publishIndex()]!;
	expect(stage).toBeLessThan(publishIndex());
	expect(publish.run).toContain(`npm publish "${folder}" --provenance --access public`);
	// Trusted publishing (OIDC) by default; a token only when the NPM_TOKEN secret is set.
	expect(publish.env).toEqual({ NPM_TOKEN: '${{ secrets.NPM_TOKEN }}' });
	expect(publish.run).toMatch(/if \[ -n "\$NPM_TOKEN" \]; then npm config set/);
	expect(publishIndex()).toBe(steps.length - 1);
});

test("after publishing, n8n's scanner checks the published version (provenance included) and fails the run unless it passes", () => {
	const scan = workflow.jobs['scan-published']!;
	expect(scan.needs).toBe('publish');
	const run = scan.steps.map((s) => s.run ?? '').join('\n');
	expect(run).toContain('npx --yes @n8n/scan-community-package@0.32.0 "$spec"');
	expect(run).toContain('n8n-nodes-numero@${{ needs.publish.outputs.version }}');
	expect(run).toContain('grep -q "has passed all security checks"');
	expect(run.trim().endsWith('exit 1')).toBe(true);
	expect(pkg.devDependencies['@n8n/scan-community-package']).toBe('0.32.0');
});
