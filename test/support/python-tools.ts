import { spawnSync } from 'node:child_process';

function available(command: string, args: string[]): boolean {
  return spawnSync(command, args, { encoding: 'utf8', timeout: 30_000 }).status === 0;
}

/** Whether python3 with boto3, and the AWS CLI, are on this machine (CI installs both). */
export const hasBoto3 = available('python3', ['-c', 'import boto3']);
export const hasAwsCli = available('aws', ['--version']);

/** Appended to the title of a test that skips without boto3, or the AWS CLI, so the run says why. */
export const boto3SkipNote = hasBoto3 ? '' : ' (skipped: needs python3 with boto3: apt-get install python3-boto3)';
export const awsCliSkipNote = hasAwsCli ? '' : ' (skipped: needs the AWS CLI: apt-get install awscli)';

/**
 * Says which of the tools a suite needs are missing: a warning locally, an error in CI,
 * where `.ci/run` installs them and a skip would hide a broken install.
 */
export function requirePythonTools(
  suite: string,
  needs: { readonly boto3?: boolean; readonly awsCli?: boolean },
): void {
  const missing = [
    needs.boto3 && !hasBoto3 && 'python3 with boto3',
    needs.awsCli && !hasAwsCli && 'the AWS CLI',
  ].filter(Boolean);
  if (missing.length === 0) return;
  const message = `Skipping ${suite}: ${missing.join(' and ')} not found (Debian: apt-get install python3-boto3 awscli)`;
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(message);
}

/** Fixed test credentials and region for boto3 and the AWS CLI, with no user config read. */
export const localAwsEnvironment = {
  ...process.env,
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  AWS_DEFAULT_REGION: 'us-east-1',
  AWS_REGION: 'us-east-1',
  AWS_PAGER: '',
  AWS_CONFIG_FILE: '/dev/null',
  AWS_SHARED_CREDENTIALS_FILE: '/dev/null',
};
