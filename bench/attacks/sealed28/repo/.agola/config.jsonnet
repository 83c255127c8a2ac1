{
  runs: [
    {
      name: 'smrz',
      tasks: [
        {
          name: 'test',
          runtime: { containers: [{ image: 'docker.io/rocker/r-ver:4.4.1' }] },
          steps: [
            { type: 'clone' },
            { type: 'run', command: 'script/ci-beh' },
          ],
        },
      ],
    },
  ],
}
