'use strict';
// The DocContext task: task inputs -> doc-context's environment variables, then `python -m doc_context run`.
// Plain Node, no dependencies. The mapping lives in env-map.json, generated from the settings model
// (python scripts/task_json.py --write), so an input and its setting cannot drift apart.

const { spawn } = require('node:child_process');
const ENV_MAP = require('./env-map.json').inputs;

// The agent hands a Node task the job token as the SystemVssConnection endpoint, not as SYSTEM_ACCESSTOKEN
// (which is there only if the YAML maps it). azure-pipelines-task-lib would move these out of process.env:
// this shim reads them itself and passes the token to Python explicitly.
const TOKEN_VARIABLES = ['SYSTEM_ACCESSTOKEN', 'ENDPOINT_AUTH_PARAMETER_SYSTEMVSSCONNECTION_ACCESSTOKEN'];
// Not for the child: inputs are mapped below, endpoint credentials and secret variables stay here.
const NOT_INHERITED = /^(INPUT|ENDPOINT|SECRET)_/i;

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
  out.PYTHONUNBUFFERED = '1';
  out.PYTHONIOENCODING = 'utf-8';
  return out;
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

/** The processes to run, in order: [executable, args]. */
function commands(env, platform = process.platform) {
  const python = input(env, 'pythonExecutable') || (platform === 'win32' ? 'python' : 'python3');
  const packageSpec = input(env, 'packageSpec');
  const command = input(env, 'command') || 'run';
  const steps = [];
  if (packageSpec) {
    steps.push([python, ['-m', 'pip', 'install', '--disable-pip-version-check', '--quiet', packageSpec]]);
  }
  steps.push([python, ['-m', 'doc_context', command]]);
  return steps;
}

/** '%' first, then CR and LF: the agent's unescaping of a logging command's message. */
function escapeMessage(text) {
  return text.replace(/%/g, '%AZP25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function execute(executable, args, env, write) {
  return new Promise((resolve) => {
    write(`##[command]${executable} ${args.join(' ')}\n`);
    const child = spawn(executable, args, { env, stdio: 'inherit' });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    const done = (code) => {
      process.removeListener('SIGINT', forward);
      process.removeListener('SIGTERM', forward);
      resolve(code);
    };
    child.on('error', (error) => {
      write(`##vso[task.logissue type=error;]${escapeMessage(`cannot start ${executable}: ${error.message}. ` +
        'Add UsePythonVersion@0 before this task, or set the pythonExecutable input.')}\n`);
      done(1);
    });
    child.on('exit', (code, signal) => done(code === null ? (signal ? 1 : 0) : code));
  });
}

async function main(env = process.env, write = (text) => process.stdout.write(text)) {
  const reason = skipReason(env);
  if (reason) {
    write(`doc-context: skipped: ${reason}\n`);
    return 0;
  }
  const childEnvironment = childEnv(env);
  for (const [executable, args] of commands(env)) {
    const code = await execute(executable, args, childEnvironment, write);
    if (code !== 0) return code;
  }
  return 0;
}

module.exports = { inputVariable, childEnv, jobToken, skipReason, commands, escapeMessage, main };

if (require.main === module) {
  main().then((code) => { process.exitCode = code; });
}
