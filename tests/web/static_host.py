"""A real static host for the page's tests: nginx (Debian's) serving a folder on a free
loopback port, as a publisher would, with its own configuration, logs and temporary
files in a scratch directory (no root, no system service). Its access log lists every
request with its Range header and status, for the tests to read.
"""
import os
import shutil
import socket
import subprocess
import tempfile
import time

from browser_harness import stop_process

NGINX = shutil.which('nginx') or '/usr/sbin/nginx'

CONFIG = """
daemon off;
master_process off;
worker_processes 1;
pid {scratch}/nginx.pid;
error_log {scratch}/error.log;
events {{ worker_connections 256; }}
http {{
  include /etc/nginx/mime.types;
  types {{ application/octet-stream mbt; }}
  log_format requests '$request_method $uri "$http_range" $status $body_bytes_sent';
  access_log {scratch}/access.log requests;
  client_body_temp_path {scratch}/body;
  proxy_temp_path {scratch}/proxy;
  fastcgi_temp_path {scratch}/fastcgi;
  uwsgi_temp_path {scratch}/uwsgi;
  scgi_temp_path {scratch}/scgi;
  server {{
    listen 127.0.0.1:{port};
    root {root};
  }}
}}
"""


def free_port():
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


class StaticHost:
    """nginx serving `root` at http://127.0.0.1:PORT/; stop() ends it."""

    def __init__(self, root):
        if not os.access(NGINX, os.X_OK):
            raise SystemExit(f'{NGINX} is missing: apt-get install nginx')
        self.scratch = tempfile.mkdtemp(prefix='millbase-nginx-')
        self.port = free_port()
        conf = os.path.join(self.scratch, 'nginx.conf')
        with open(conf, 'w') as f:
            f.write(CONFIG.format(scratch=self.scratch, port=self.port, root=os.path.abspath(root)))
        self.proc = subprocess.Popen([NGINX, '-c', conf, '-p', self.scratch],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.url = f'http://127.0.0.1:{self.port}/'
        for _ in range(100):
            try:
                socket.create_connection(('127.0.0.1', self.port), timeout=1).close()
                return
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError('nginx did not start: ' + self.proc.stderr.read())
                time.sleep(0.05)
        raise RuntimeError('nginx did not listen on port %d' % self.port)

    def requests(self):
        """Returns the requests served so far: [(method, path, range or None, status, bytes)]."""
        out = []
        path = os.path.join(self.scratch, 'access.log')
        if not os.path.exists(path):
            return out
        with open(path) as f:
            for line in f:
                method, uri, rest = line.split(' ', 2)
                quoted, status, size = rest.rsplit(' ', 2)
                value = quoted.strip('"')
                out.append((method, uri, None if value == '-' else value, int(status), int(size)))
        return out

    def stop(self):
        stop_process(self.proc)
        shutil.rmtree(self.scratch, ignore_errors=True)
