// The docs page's live example of `check-passed`: each event of the lesson widget, as a line.
const log = document.getElementById('check-passed-log');
document.getElementById('lesson-example').addEventListener('check-passed', (e) => {
  if (log.dataset.count === undefined) log.textContent = '';
  log.dataset.count = String(Number(log.dataset.count ?? 0) + 1);
  log.append(`${e.detail.time} ${e.detail.lesson} ${e.detail.check}: ${e.detail.title}\n`);
});
