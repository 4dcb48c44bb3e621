import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const isRoot = process.getuid?.() === 0;

/**
 * Installs a Debian package when its binary is missing (the suite needs Chromium and LibreOffice).
 * As root it runs apt-get; otherwise it says what to install.
 */
export function ensureDebianPackage(binary: string, pkg: string, apt = `apt-get install -y --no-install-recommends ${pkg}`): void {
  if (existsSync(binary)) return;
  if (!isRoot) {
    throw new Error(`${binary} ontbreekt. Installeer het met: sudo ${apt}`);
  }
  console.log(`${binary} ontbreekt; ${pkg} wordt geïnstalleerd…`);
  execSync('apt-get update -qq', { stdio: 'inherit' });
  execSync(`DEBIAN_FRONTEND=noninteractive ${apt}`, { stdio: 'inherit' });
  if (!existsSync(binary)) throw new Error(`${pkg} is geïnstalleerd, maar ${binary} bestaat niet.`);
}
