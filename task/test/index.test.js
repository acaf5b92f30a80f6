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
const TASK_ONLY = ['command', 'pythonExecutable', 'packageSpec', 'onlyForPullRequests', 'runOnForks'];

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

test('python3 (python on Windows) unless pythonExecutable is set; pip install first when packageSpec is set', () => {
  assert.deepEqual(shim.commands({}, 'linux'), [['python3', ['-m', 'doc_context', 'run']]]);
  assert.deepEqual(shim.commands({}, 'win32'), [['python', ['-m', 'doc_context', 'run']]]);
  const steps = shim.commands({ INPUT_PYTHONEXECUTABLE: '/opt/py/bin/python', INPUT_PACKAGESPEC: 'doc-context==0.1.0',
    INPUT_COMMAND: 'check' }, 'linux');
  assert.deepEqual(steps, [
    ['/opt/py/bin/python', ['-m', 'pip', 'install', '--disable-pip-version-check', '--quiet', 'doc-context==0.1.0']],
    ['/opt/py/bin/python', ['-m', 'doc_context', 'check']],
  ]);
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
process.exit(Number(process.env.FAKE_EXIT || 0));
`);
  fs.chmodSync(file, 0o755);
  return file;
}

function runShim(env) {
  return spawnSync(process.execPath, [path.join(TASK_DIR, 'index.js')], { env, encoding: 'utf8' });
}

test('the shim runs pip then doc-context with the mapped environment and exits with their code',
  { skip: process.platform === 'win32' && 'shebang stand-in' }, (t) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-context-shim-'));
    t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
    const log = path.join(dir, 'calls.jsonl');
    const base = { PATH: process.env.PATH, FAKE_LOG: log, INPUT_PYTHONEXECUTABLE: fakePython(dir),
      INPUT_PACKAGESPEC: 'doc-context==0.1.0', INPUT_MARKERKEY: 'Team.A', BUILD_REASON: 'PullRequest',
      ENDPOINT_AUTH_PARAMETER_SYSTEMVSSCONNECTION_ACCESSTOKEN: 'job-token' };
    const ok = runShim(base);
    assert.equal(ok.status, 0, ok.stderr);
    const calls = fs.readFileSync(log, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    assert.deepEqual(calls.map((c) => c.argv[1]), ['pip', 'doc_context']);
    assert.equal(calls[1].env.DOC_CONTEXT_MARKER_KEY, 'Team.A');
    assert.equal(calls[1].env.SYSTEM_ACCESSTOKEN, 'job-token');
    assert.match(ok.stdout, /##\[command\].*-m doc_context run/);

    const failed = runShim({ ...base, INPUT_PACKAGESPEC: '', FAKE_EXIT: '2' });
    assert.equal(failed.status, 2);
  });

test('a missing Python is one error line and exit 1', () => {
  const ran = runShim({ PATH: process.env.PATH, INPUT_PYTHONEXECUTABLE: path.join(os.tmpdir(), 'no-such-python') });
  assert.equal(ran.status, 1);
  assert.match(ran.stdout, /##vso\[task.logissue type=error;\]cannot start .*UsePythonVersion@0/);
});

test('a skipped run exits 0 without starting Python', () => {
  const ran = runShim({ PATH: process.env.PATH, BUILD_REASON: 'IndividualCI',
    INPUT_PYTHONEXECUTABLE: path.join(os.tmpdir(), 'no-such-python') });
  assert.equal(ran.status, 0);
  assert.match(ran.stdout, /doc-context: skipped: Build.Reason is IndividualCI/);
});
