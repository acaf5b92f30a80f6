'use strict';
// The shim's pure parts, and the shim as a process with a stand-in for Python: node --test task/test/
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const shim = require('../index.js');
const TASK_DIR = path.join(__dirname, '..');
const task = JSON.parse(fs.readFileSync(path.join(TASK_DIR, 'task.json'), 'utf8'));
const envMap = require('../env-map.json').inputs;
const TASK_ONLY = ['command', 'pythonExecutable', 'install', 'onlyForPullRequests', 'runOnForks'];

test('input variables follow the agent: INPUT_ + upper case, dots and spaces as underscores', () => {
  assert.equal(shim.inputVariable('confluenceUrl'), 'INPUT_CONFLUENCEURL');
  assert.equal(shim.inputVariable('a.b c'), 'INPUT_A_B_C');
});

test('every input is either mapped to a setting or read by the shim itself', () => {
  const names = task.inputs.map((i) => i.name);
  assert.equal(new Set(names).size, names.length, 'input names are unique');
  assert.deepEqual([...names].sort(), [...Object.keys(envMap), ...TASK_ONLY].sort());
});

test('task.json runs index.js under Node20_1 and Node24', () => {
  assert.deepEqual(task.execution, { Node20_1: { target: 'index.js' }, Node24: { target: 'index.js' } });
  assert.match(task.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.equal(task.name, 'DocContext');
  assert.equal(task.category, 'Utility');
  const groups = new Set(task.groups.map((g) => g.name));
  for (const i of task.inputs) assert.ok(groups.has(i.groupName), `${i.name} is in a declared group`);
});

test('each non-empty input becomes its setting variable; empty inputs leave the default alone', () => {
  const env = shim.childEnv({
    INPUT_CONFLUENCEURL: ' https://acme.atlassian.net/wiki ',
    INPUT_THREADSTATUS: 'active',
    INPUT_COMMENTBUDGET: '',
    DOC_CONTEXT_COMMENT_BUDGET: '5000',
    PATH: '/usr/bin',
  });
  assert.equal(env.CONFLUENCE_URL, 'https://acme.atlassian.net/wiki');
  assert.equal(env.DOC_CONTEXT_THREAD_STATUS, 'active');
  assert.equal(env.DOC_CONTEXT_COMMENT_BUDGET, '5000', 'a pipeline variable survives an empty input');
  assert.equal(env.PATH, '/usr/bin');
  assert.equal(env.PYTHONUNBUFFERED, '1');
});

test('an input overrides a predefined variable: the child environment is ours to build', () => {
  const env = shim.childEnv({ BUILD_REPOSITORY_ID: 'pipeline-repo', INPUT_REPOSITORY: 'payload-repo',
    INPUT_PULLREQUESTID: '17' });
  assert.equal(env.BUILD_REPOSITORY_ID, 'payload-repo');
  assert.equal(env.SYSTEM_PULLREQUEST_PULLREQUESTID, '17');
});

test('inputs, endpoint credentials and secret variables are not inherited', () => {
  const env = shim.childEnv({ INPUT_CONFLUENCEAPITOKEN: 'tok', SECRET_OTHER: 's',
    ENDPOINT_AUTH_SYSTEMVSSCONNECTION: '{}', ENDPOINT_URL_SYSTEMVSSCONNECTION: 'https://x' });
  assert.equal(env.CONFLUENCE_API_TOKEN, 'tok');
  assert.deepEqual(Object.keys(env).filter((k) => /^(INPUT|SECRET|ENDPOINT)_/.test(k)), []);
});

test('the job token: SYSTEM_ACCESSTOKEN, else the SystemVssConnection endpoint', () => {
  const endpoint = 'ENDPOINT_AUTH_PARAMETER_SYSTEMVSSCONNECTION_ACCESSTOKEN';
  assert.equal(shim.childEnv({ SYSTEM_ACCESSTOKEN: 'mapped', [endpoint]: 'endpoint' }).SYSTEM_ACCESSTOKEN, 'mapped');
  assert.equal(shim.childEnv({ [endpoint]: 'endpoint' }).SYSTEM_ACCESSTOKEN, 'endpoint');
  const json = JSON.stringify({ parameters: { AccessToken: 'from-json' }, scheme: 'OAuth' });
  assert.equal(shim.childEnv({ ENDPOINT_AUTH_SYSTEMVSSCONNECTION: json }).SYSTEM_ACCESSTOKEN, 'from-json');
  assert.equal(shim.childEnv({ ENDPOINT_AUTH_SYSTEMVSSCONNECTION: 'not json' }).SYSTEM_ACCESSTOKEN, undefined);
  assert.equal(shim.childEnv({}).SYSTEM_ACCESSTOKEN, undefined);
});

test('runs only for PR builds and not for forks unless asked', () => {
  assert.equal(shim.skipReason({ BUILD_REASON: 'PullRequest' }), '');
  assert.equal(shim.skipReason({}), '', 'outside a pipeline it always runs');
  assert.match(shim.skipReason({ BUILD_REASON: 'Manual' }), /onlyForPullRequests: false/);
  assert.equal(shim.skipReason({ BUILD_REASON: 'Manual', INPUT_ONLYFORPULLREQUESTS: 'false' }), '');
  const fork = { BUILD_REASON: 'PullRequest', SYSTEM_PULLREQUEST_ISFORK: 'True' };
  assert.match(shim.skipReason(fork), /runOnForks: true/);
  assert.equal(shim.skipReason({ ...fork, INPUT_RUNONFORKS: 'true' }), '');
});

test('python3 (python on Windows) unless pythonExecutable is set', () => {
  assert.equal(shim.basePython({}, 'linux'), 'python3');
  assert.equal(shim.basePython({}, 'win32'), 'python');
  assert.equal(shim.basePython({ INPUT_PYTHONEXECUTABLE: '/opt/py/bin/python' }, 'linux'), '/opt/py/bin/python');
});

const CARRIED = { dir: '/agent/tasks/DocContext/0.1.0/python', version: '0.1.0', digest: 'abc', entra: true };
const PROBED = { version: [3, 12, 4], executable: '/usr/bin/python3.12', runner: '/usr/lib/pip/__pip-runner__.py' };

test('the venv: no pip of its own when the base pip has a runner; one hash-checked install without dependencies', () => {
  const steps = shim.installSteps('python3', '/t/venv', CARRIED, PROBED, false, 'linux');
  assert.deepEqual(steps[0], ['python3', ['-m', 'venv', '--without-pip', '/t/venv'], {}]);
  const [python, args, options] = steps[1];
  assert.equal(python, '/t/venv/bin/python');
  assert.equal(args[0], PROBED.runner);
  assert.equal(args[1], 'install');
  for (const flag of ['--require-hashes', '--no-deps', '--only-binary=:all:', '--no-compile']) {
    assert.ok(args.includes(flag), flag);
  }
  assert.deepEqual(args.slice(-4), ['-r', 'base.txt', '-r', 'wheel.txt']);
  assert.ok(!args.some((a) => /index-url|find-links/.test(a)), "pip's own configuration chooses the index");
  assert.deepEqual(options, { cwd: CARRIED.dir });
});

test('the entra lock only when Entra ID sign-in is asked for', () => {
  const args = shim.installSteps('python3', '/t/venv', CARRIED, PROBED, true, 'linux')[1][1];
  assert.deepEqual(args.slice(-6), ['-r', 'base.txt', '-r', 'entra.txt', '-r', 'wheel.txt']);
  assert.equal(shim.needsEntra({ DOC_CONTEXT_AUTH: 'pipelines' }), true);
  assert.equal(shim.needsEntra({ DOC_CONTEXT_AUTH: 'Managed-Identity' }), true);
  assert.equal(shim.needsEntra({ DOC_CONTEXT_LLM_AUTH: 'entra' }), true);
  assert.equal(shim.needsEntra({ DOC_CONTEXT_AUTH: 'auto', DOC_CONTEXT_LLM_AUTH: 'bearer' }), false);
  assert.equal(shim.needsEntra({}), false);
});

test('an old pip (no runner): the venv gets its own pip', () => {
  const steps = shim.installSteps('python', 'C:\\t\\venv', CARRIED, { ...PROBED, runner: '' }, false, 'win32');
  assert.deepEqual(steps[0], ['python', ['-m', 'venv', 'C:\\t\\venv'], {}]);
  assert.match(steps[1][0], /Scripts[\\/]python\.exe$/);
  assert.deepEqual(steps[1][1].slice(0, 3), ['-m', 'pip', 'install']);
});

test('the venv is cached per version, Python and locks, in the agent tools folder', () => {
  const env = { AGENT_TOOLSDIRECTORY: '/agent/_tool', AGENT_TEMPDIRECTORY: '/agent/_temp' };
  const dir = shim.venvDir(env, CARRIED, PROBED, false);
  assert.ok(dir.startsWith(path.join('/agent/_tool', 'doc-context', '0.1.0', 'py312-')), dir);
  assert.equal(shim.venvDir(env, CARRIED, PROBED, false), dir, 'stable');
  assert.notEqual(shim.venvDir(env, CARRIED, PROBED, true), dir, 'with the entra lock: another venv');
  assert.notEqual(shim.venvDir(env, { ...CARRIED, digest: 'other locks' }, PROBED, false), dir);
  assert.notEqual(shim.venvDir(env, CARRIED, { ...PROBED, executable: '/opt/py/bin/python' }, false), dir);
  assert.ok(shim.venvDir({ AGENT_TEMPDIRECTORY: '/agent/_temp' }, CARRIED, PROBED, false).startsWith('/agent/_temp'));
});

test('what a task folder carries: the wheel and its locks, or nothing', (t) => {
  assert.equal(shim.bundle(TASK_DIR), null, 'the repository folder carries no wheel');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-context-bundle-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, 'python'));
  for (const name of ['doc_context-1.2.3-py3-none-any.whl', 'base.txt', 'wheel.txt']) {
    fs.writeFileSync(path.join(dir, 'python', name), name);
  }
  const carried = shim.bundle(dir);
  assert.equal(carried.version, '1.2.3');
  assert.equal(carried.entra, false);
  assert.match(carried.digest, /^[0-9a-f]{64}$/);
});

test('logging-command messages are escaped the way the agent unescapes them', () => {
  assert.equal(shim.escapeMessage('100%\r\nnext'), '100%AZP25%0D%0Anext');
});

// A stand-in for Python: records its argv and environment, exits with FAKE_EXIT.
function fakePython(dir) {
  const file = path.join(dir, 'fake-python');
  fs.writeFileSync(file, `#!${process.execPath}
const fs = require('fs');
fs.appendFileSync(process.env.FAKE_LOG, JSON.stringify({ argv: process.argv.slice(2), env: process.env }) + '\\n');
if (process.env.FAKE_OUT) process.stdout.write(process.env.FAKE_OUT);
process.exit(Number(process.env.FAKE_EXIT || 0));
`);
  fs.chmodSync(file, 0o755);
  return file;
}

function runShim(env) {
  return spawnSync(process.execPath, [path.join(TASK_DIR, 'index.js')], { env, encoding: 'utf8' });
}

test('the shim runs doc-context with the mapped environment and exits with its code',
  { skip: process.platform === 'win32' && 'shebang stand-in' }, (t) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-context-shim-'));
    t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
    const log = path.join(dir, 'calls.jsonl');
    const base = { PATH: process.env.PATH, FAKE_LOG: log, INPUT_PYTHONEXECUTABLE: fakePython(dir),
      INPUT_INSTALL: 'preinstalled', INPUT_MARKERKEY: 'Team.A', BUILD_REASON: 'PullRequest',
      ENDPOINT_AUTH_PARAMETER_SYSTEMVSSCONNECTION_ACCESSTOKEN: 'job-token' };
    const ok = runShim(base);
    assert.equal(ok.status, 0, ok.stderr);
    const calls = fs.readFileSync(log, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    assert.deepEqual(calls.map((c) => c.argv), [['-m', 'doc_context', 'run']]);
    assert.equal(calls[0].env.DOC_CONTEXT_MARKER_KEY, 'Team.A');
    assert.equal(calls[0].env.SYSTEM_ACCESSTOKEN, 'job-token');
    assert.match(ok.stdout, /##\[command\].*-m doc_context run/);

    const failed = runShim({ ...base, FAKE_EXIT: '2' });
    assert.equal(failed.status, 2);
    assert.equal(lastLine(failed.stdout), '##vso[task.complete result=Failed;]doc-context ended with exit code 2 ' +
      'without a result; the lines above say what happened', 'a Python that said nothing: the shim gives the result');

    const said = '##vso[task.logissue type=error;]invalid setting threadStatus: no\n' +
      '##vso[task.complete result=Failed;]invalid setting threadStatus: no';  // no newline at the end
    const reported = runShim({ ...base, FAKE_EXIT: '2', FAKE_OUT: said });
    assert.equal(reported.status, 2);
    assert.equal(reported.stdout.split('\n').filter((l) => l.startsWith('##vso[task.complete')).length, 1);
    assert.equal(lastLine(reported.stdout), '##vso[task.complete result=Failed;]invalid setting threadStatus: no');
  });

function lastLine(text) {
  return text.trimEnd().split('\n').pop();
}

test('doc-context learns the input names, to name them in its errors', () => {
  const env = shim.childEnv({}, { confluenceUrl: 'CONFLUENCE_URL', maxPages: 'DOC_CONTEXT_MAX_PAGES' });
  assert.deepEqual(JSON.parse(env.DOC_CONTEXT_TASK_INPUTS),
    { CONFLUENCE_URL: 'confluenceUrl', DOC_CONTEXT_MAX_PAGES: 'maxPages' });
  assert.equal(JSON.parse(shim.childEnv({}).DOC_CONTEXT_TASK_INPUTS).CONFLUENCE_URL, 'confluenceUrl');
});

test('no credentials: said in the task\'s words, before anything is installed', () => {
  const problem = (env) => shim.credentialsProblem(env);
  assert.equal(problem({ SYSTEM_ACCESSTOKEN: 'job-token' }), '');
  assert.equal(problem({ AZURE_DEVOPS_PAT: 'pat' }), '');
  assert.equal(problem({ DOC_CONTEXT_AUTH: 'azure-cli' }), '');
  assert.equal(problem({ DOC_CONTEXT_AUTH: 'managed-identity' }), '');
  assert.match(problem({}), /job's access token.*SystemVssConnection endpoint.*azureDevOpsPat/);
  assert.match(problem({ AZURE_DEVOPS_PAT: '$(AZURE_DEVOPS_PAT)' }), /SystemVssConnection/, 'an undefined variable');
  assert.match(problem({ DOC_CONTEXT_AUTH: 'system-token', AZURE_DEVOPS_PAT: 'pat' }), /SystemVssConnection/);
  assert.match(problem({ DOC_CONTEXT_AUTH: 'pipelines' }), /auth pipelines needs it too/);
  assert.match(problem({ DOC_CONTEXT_AUTH: 'pat', SYSTEM_ACCESSTOKEN: 'job-token' }), /^auth is pat, but azureDevOpsPat/);
  assert.doesNotMatch(problem({}), /SYSTEM_ACCESSTOKEN|AZURE_DEVOPS_PAT|env:/);

  const ran = runShim({ PATH: process.env.PATH, INPUT_INSTALL: 'preinstalled', BUILD_REASON: 'PullRequest',
    INPUT_PYTHONEXECUTABLE: path.join(os.tmpdir(), 'no-such-python') });
  assert.equal(ran.status, 1);
  assert.deepEqual(ran.stdout.trimEnd().split('\n').map((l) => l.slice(0, 34)),
    ['##vso[task.logissue type=error;]no', '##vso[task.complete result=Failed;'], 'one error, then the result');
});

test('a missing Python is one error line, the step\'s result, and exit 1', () => {
  const ran = runShim({ PATH: process.env.PATH, INPUT_PYTHONEXECUTABLE: path.join(os.tmpdir(), 'no-such-python'),
    INPUT_INSTALL: 'preinstalled', SYSTEM_ACCESSTOKEN: 'job-token' });
  assert.equal(ran.status, 1);
  assert.match(ran.stdout, /##vso\[task.logissue type=error;\]cannot start .*UsePythonVersion@0/);
  assert.match(lastLine(ran.stdout), /^##vso\[task.complete result=Failed;\]cannot start .*UsePythonVersion@0/);
  assert.equal(ran.stdout.split('\n').filter((l) => l.startsWith('##vso[task.logissue')).length, 1);
});

test('a skipped run exits 0 without starting Python', () => {
  const ran = runShim({ PATH: process.env.PATH, BUILD_REASON: 'IndividualCI',
    INPUT_PYTHONEXECUTABLE: path.join(os.tmpdir(), 'no-such-python') });
  assert.equal(ran.status, 0);
  assert.match(ran.stdout, /doc-context: skipped: Build.Reason is IndividualCI/);
});
