// Mocha's spec output, plus a JSON file with the counts (path from TEST_SUMMARY_FILE) so that
// scripts/test-all.sh can print one closing line that sums every suite.
const fs = require('node:fs');
const Mocha = require('mocha');

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once('end', () => {
      const file = process.env.TEST_SUMMARY_FILE;
      if (!file) return;
      const { passes, failures, pending } = runner.stats;
      fs.writeFileSync(file, JSON.stringify({ passed: passes, failed: failures, skipped: pending }));
    });
  }
}
module.exports = SummaryReporter;
