'use strict';
// The DocContext task: task inputs -> doc-context's environment variables, then `python -m doc_context run`.
// Plain Node, no dependencies. The mapping lives in env-map.json, generated from the settings model
// (python scripts/task_json.py --write), so an input and its setting cannot drift apart.
//
// install: bundled (the default) runs the doc-context wheel this task carries (python/, put there by
// scripts/package.py), never a package of that name from an index: its dependencies are installed from
// the hash-pinned locks beside it, from whatever index the agent's pip is configured with (PIP_INDEX_URL,
// pip.conf), into a virtual environment cached per version and Python in the agent's tools folder.
//
// A failure ends with `##vso[task.complete result=Failed;]<one line>`, the step's result (doc-context prints its
// own; this shim prints one for its failures, and for a Python that ended without one). Errors name the inputs
// the admin typed: doc-context is told them (DOC_CONTEXT_TASK_INPUTS) and says confluenceUrl, not CONFLUENCE_URL.

const { spawn, spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const ENV_MAP = require('./env-map.json').inputs;
const TASK_INPUTS = 'DOC_CONTEXT_TASK_INPUTS';
const COMPLETE = '##vso[task.complete ';
// An undefined variable reaches an input as the literal '$(NAME)': doc-context reads it as unset, and so do we.
const UNEXPANDED = /^\$\([A-Za-z0-9_.\-]+\)$/;

// The agent hands a Node task the job token as the SystemVssConnection endpoint, not as SYSTEM_ACCESSTOKEN
// (which is there only if the YAML maps it). azure-pipelines-task-lib would move these out of process.env:
// this shim reads them itself and passes the token to Python explicitly.
const TOKEN_VARIABLES = ['SYSTEM_ACCESSTOKEN', 'ENDPOINT_AUTH_PARAMETER_SYSTEMVSSCONNECTION_ACCESSTOKEN'];
// Not for the child: inputs are mapped below, endpoint credentials and secret variables stay here.
const NOT_INHERITED = /^(INPUT|ENDPOINT|SECRET)_/i;
// Settings that sign in with Entra ID, which needs the entra lock (azure-identity) too.
const ENTRA = { DOC_CONTEXT_AUTH: ['pipelines', 'managed-identity', 'azure-cli'], DOC_CONTEXT_LLM_AUTH: ['entra'] };
const READY = 'doc-context-ready.json';
// Prints what a venv needs to know of the Python that makes it; pip's location lets pip run inside the new
// venv without a pip of its own (pip's __pip-runner__, what `pip --python` runs; pip >= 22.3).
const PROBE = [
  'import json, os, sys',
  'try:',
  '    import pip',
  '    runner = os.path.join(os.path.dirname(pip.__file__), "__pip-runner__.py")',
  'except Exception:',
  '    runner = ""',
  'print(json.dumps({"version": list(sys.version_info[:3]), "executable": sys.executable,',
  '                  "runner": runner if os.path.isfile(runner) else ""}))',
].join('\n');

/** The variable the agent sets for an input: INPUT_ + the name upper-cased, '.' and ' ' as '_'. */
function inputVariable(name) {
  return 'INPUT_' + name.replace(/[. ]/g, '_').toUpperCase();
}

function input(env, name) {
  return (env[inputVariable(name)] || '').trim();
}

function flag(env, name, fallback) {
  const value = input(env, name).toLowerCase();
  return value === '' ? fallback : value === 'true';
}

function jobToken(env) {
  for (const name of TOKEN_VARIABLES) {
    if (env[name]) return env[name];
  }
  try {
    const auth = JSON.parse(env.ENDPOINT_AUTH_SYSTEMVSSCONNECTION || '{}');
    return (auth && auth.parameters && auth.parameters.AccessToken) || '';
  } catch {
    return '';
  }
}

/** The environment for Python: ours minus inputs and endpoint secrets, plus each non-empty input under its setting's name. */
function childEnv(env, envMap = ENV_MAP) {
  const out = {};
  for (const [key, value] of Object.entries(env)) {
    if (!NOT_INHERITED.test(key)) out[key] = value;
  }
  const token = jobToken(env);
  if (token) out.SYSTEM_ACCESSTOKEN = token;
  for (const [name, variable] of Object.entries(envMap)) {
    const value = input(env, name);
    if (value !== '') out[variable] = value;  // empty: the setting's default (or the pipeline variable) applies
  }
  out[TASK_INPUTS] = JSON.stringify(Object.fromEntries(Object.entries(envMap).map(([name, variable]) => [variable, name])));
  out.PYTHONUNBUFFERED = '1';
  out.PYTHONIOENCODING = 'utf-8';
  return out;
}

function given(value) {
  const text = (value || '').trim();
  return text !== '' && !UNEXPANDED.test(text);
}

/**
 * Why doc-context could not sign in to Azure DevOps, in the words of this task's inputs; '' when it can try.
 * The task passes on the job's access token, which the agent hands it as the SystemVssConnection endpoint:
 * there is no `env: SYSTEM_ACCESSTOKEN` for the admin to map, so doc-context's own advice would not fit.
 */
function credentialsProblem(childEnvironment) {
  const auth = (childEnvironment.DOC_CONTEXT_AUTH || 'auto').trim().toLowerCase();
  const token = given(childEnvironment.SYSTEM_ACCESSTOKEN);
  const pat = given(childEnvironment.AZURE_DEVOPS_PAT);
  if (auth === 'pat') {
    return pat ? '' : 'auth is pat, but azureDevOpsPat is empty (or names a secret variable that is not defined): ' +
      'give it a personal access token from a secret variable, e.g. $(AZURE_DEVOPS_PAT)';
  }
  if (!['auto', 'system-token', 'pipelines'].includes(auth) || token || (auth === 'auto' && pat)) return '';
  return `no Azure DevOps credentials: the task signs in with the job's access token, which the agent hands it ` +
    `as the SystemVssConnection endpoint, and this job has none${auth === 'pipelines' ? ' (auth pipelines needs it too)' : ''}. ` +
    'Give a personal access token in azureDevOpsPat (from a secret variable), or sign in with Entra ID (auth).';
}

/** Why this run is skipped, or '' to run. */
function skipReason(env) {
  const reason = env.BUILD_REASON || '';
  if (flag(env, 'onlyForPullRequests', true) && reason && reason !== 'PullRequest') {
    return `Build.Reason is ${reason}, not PullRequest; set onlyForPullRequests: false to run anyway`;
  }
  if (!flag(env, 'runOnForks', false) && (env.SYSTEM_PULLREQUEST_ISFORK || '').toLowerCase() === 'true') {
    return 'the pull request comes from a fork; set runOnForks: true to run anyway';
  }
  return '';
}

/** The Python to start: the input, else python3 (python on Windows) from PATH. */
function basePython(env, platform = process.platform) {
  return input(env, 'pythonExecutable') || (platform === 'win32' ? 'python' : 'python3');
}

/** What this task folder carries: the wheel and the locks under python/, or null (a task built without them). */
function bundle(taskDir = __dirname) {
  const dir = path.join(taskDir, 'python');
  let names;
  try {
    names = fs.readdirSync(dir);
  } catch {
    return null;
  }
  const wheel = names.find((name) => /^doc_context-[^-]+-.*\.whl$/.test(name));
  if (!wheel || !names.includes('wheel.txt') || !names.includes('base.txt')) return null;
  const digest = crypto.createHash('sha256');
  for (const name of ['base.txt', 'entra.txt', 'wheel.txt']) {
    if (names.includes(name)) digest.update(fs.readFileSync(path.join(dir, name)));
  }
  return { dir, version: wheel.split('-')[1], digest: digest.digest('hex'), entra: names.includes('entra.txt') };
}

/** Does this run sign in with Entra ID (and so need azure-identity)? */
function needsEntra(childEnvironment) {
  return Object.entries(ENTRA).some(([name, values]) =>
    values.includes((childEnvironment[name] || '').trim().toLowerCase()));
}

/** Where the virtual environment for this version, Python and lock set lives. */
function venvDir(env, carried, probe, entra) {
  const root = env.AGENT_TOOLSDIRECTORY || env.AGENT_TEMPDIRECTORY || os.tmpdir();
  const key = crypto.createHash('sha256')
    .update(JSON.stringify([probe.executable, probe.version, carried.digest, entra])).digest('hex').slice(0, 16);
  return path.join(root, 'doc-context', carried.version, `py${probe.version.slice(0, 2).join('')}-${key}`);
}

function venvPython(dir, platform = process.platform) {
  return platform === 'win32' ? path.join(dir, 'Scripts', 'python.exe') : path.join(dir, 'bin', 'python');
}

/**
 * The steps that build the venv: [executable, args, {cwd}] each. pip runs inside the new venv through the
 * base Python's pip runner when it has one (no pip copied into the venv), else the venv gets its own pip.
 */
function installSteps(python, dir, carried, probe, entra, platform = process.platform) {
  const venv = ['-m', 'venv', ...(probe.runner ? ['--without-pip'] : []), dir];
  const pip = probe.runner ? [probe.runner] : ['-m', 'pip'];
  const requirements = ['-r', 'base.txt', ...(entra ? ['-r', 'entra.txt'] : []), '-r', 'wheel.txt'];
  return [
    [python, venv, {}],
    [venvPython(dir, platform), [...pip, 'install', '--disable-pip-version-check', '--no-input', '--quiet',
      '--require-hashes', '--no-deps', '--only-binary=:all:', '--no-compile', ...requirements], { cwd: carried.dir }],
  ];
}

/** '%' first, then CR and LF: the agent's unescaping of a logging command's message. */
function escapeMessage(text) {
  return text.replace(/%/g, '%AZP25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function logError(write, message) {
  write(`##vso[task.logissue type=error;]${escapeMessage(message)}\n`);
}

/** The step fails: its result, with the first line of why, as the last line. */
function complete(write, message) {
  const line = message.split(/\r?\n/).find((part) => part.trim()) || 'doc-context failed';
  write(`${COMPLETE}result=Failed;]${escapeMessage(line)}\n`);
}

function fail(write, message) {
  logError(write, message);
  complete(write, message);
}

/**
 * Run a process with our stdout passed through line by line (to see whether it gave the step's result);
 * resolves to { code, completed, error }.
 */
function execute(executable, args, env, write, options = {}) {
  return new Promise((resolve) => {
    write(`##[command]${executable} ${args.join(' ')}\n`);
    const child = spawn(executable, args, { env, stdio: ['inherit', 'pipe', 'inherit'], cwd: options.cwd });
    let completed = false;
    let partial = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop();
      for (const line of lines) {
        if (line.startsWith(COMPLETE)) completed = true;
        write(line + '\n');
      }
    });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    let error = '';
    const done = (code) => {
      process.removeListener('SIGINT', forward);
      process.removeListener('SIGTERM', forward);
      if (partial) {
        if (partial.startsWith(COMPLETE)) completed = true;
        write(partial + '\n');
      }
      resolve({ code, completed, error });
    };
    child.on('error', (e) => {
      error = `cannot start ${executable}: ${e.message}. ` +
        'Add UsePythonVersion@0 before this task, or set the pythonExecutable input.';
      done(1);
    });
    child.on('close', (code, signal) => {
      if (!error) done(code === null ? (signal ? 1 : 0) : code);
    });
  });
}

function probePython(python, env) {
  const ran = spawnSync(python, ['-c', PROBE], { env, encoding: 'utf8' });
  if (ran.error || ran.status !== 0) return null;
  try {
    return JSON.parse(ran.stdout.trim().split('\n').pop());
  } catch {
    return null;
  }
}

/** The Python that runs doc-context: the cached venv, installed first when it is not ready; null on failure. */
async function prepare(env, childEnvironment, write, taskDir = __dirname) {
  const python = basePython(env);
  const carried = bundle(taskDir);
  if (!carried) {
    fail(write, 'this DocContext task carries no doc-context wheel (python/ is missing): install the ' +
      'extension, or upload the task folder that `python scripts/package.py --out DIR` builds (DIR/task).');
    return null;
  }
  const probe = probePython(python, childEnvironment);
  if (!probe) {
    fail(write, `cannot run ${python}: add UsePythonVersion@0 before this task, or set pythonExecutable.`);
    return null;
  }
  if (probe.version[0] < 3 || (probe.version[0] === 3 && probe.version[1] < 10)) {
    fail(write, `doc-context needs Python 3.10 or later; ${probe.executable} is ${probe.version.join('.')}: ` +
      "add UsePythonVersion@0 (versionSpec: '3.x') before this task.");
    return null;
  }
  const entra = needsEntra(childEnvironment) && carried.entra;
  const dir = venvDir(env, carried, probe, entra);
  if (fs.existsSync(path.join(dir, READY))) {
    write(`doc-context ${carried.version}: using the environment in ${dir}\n`);
    return venvPython(dir);
  }
  fs.rmSync(dir, { recursive: true, force: true });  // a half-made one from an interrupted run
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  for (const [executable, args, options] of installSteps(python, dir, carried, probe, entra)) {
    const ran = await execute(executable, args, childEnvironment, write, options);
    if (ran.error) {
      fail(write, ran.error);
      return null;
    }
    if (ran.code !== 0) {
      fail(write, `installing doc-context ${carried.version} failed (exit ${ran.code}). Its dependencies come from ` +
        "the agent's package index (PIP_INDEX_URL, pip.conf) and must match the hashes in the task's locks.");
      return null;
    }
  }
  fs.writeFileSync(path.join(dir, READY), JSON.stringify({ version: carried.version, entra }) + '\n');
  return venvPython(dir);
}

async function main(env = process.env, write = (text) => process.stdout.write(text), taskDir = __dirname) {
  const reason = skipReason(env);
  if (reason) {
    write(`doc-context: skipped: ${reason}\n`);
    return 0;
  }
  const childEnvironment = childEnv(env);
  const problem = credentialsProblem(childEnvironment);
  if (problem) {
    fail(write, problem);
    return 1;
  }
  const install = input(env, 'install') || 'bundled';
  const python = install === 'preinstalled' ? basePython(env) : await prepare(env, childEnvironment, write, taskDir);
  if (!python) return 1;
  const ran = await execute(python, ['-m', 'doc_context', input(env, 'command') || 'run'], childEnvironment, write);
  if (ran.error) {
    fail(write, ran.error);
  } else if (ran.code !== 0 && !ran.completed) {  // a Python that ended without saying why, e.g. no doc_context
    fail(write, `doc-context ended with exit code ${ran.code} without a result; the lines above say what happened`);
  }
  return ran.code;
}

module.exports = {
  inputVariable, childEnv, jobToken, skipReason, basePython, bundle, needsEntra, venvDir, venvPython, installSteps,
  escapeMessage, credentialsProblem, main,
};

if (require.main === module) {
  main().then((code) => { process.exitCode = code; });
}
