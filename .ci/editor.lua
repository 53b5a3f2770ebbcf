-- Drives `budgetlint lsp` from a real Neovim (0.7 and later: no vim.lsp.start,
-- so start_client and buf_attach_client), run by .ci/editor.sh as
--   nvim --headless --clean -i NONE -c 'luafile .ci/editor.lua'
-- It opens examples/shop's files in the order $ORDER names them, waits for
-- each file's diagnostics, asks for the quick fixes of api.go's first one,
-- and writes to $OUT one line a diagnostic, as the command line prints them
-- (file:line:col: message (pass), from 1, relative to $SHOP), then
-- "fix: <title>" lines and "exit <status>". A failure is an "error: " line
-- and exit status 1.

local out = assert(io.open(os.getenv('OUT'), 'w'))
local function say(line) out:write(line, '\n') out:flush() end

local function main()
  local root = os.getenv('SHOP')
  local published = {} -- uri -> true once diagnostics came for the file as opened (Neovim 0.7 numbers it 0)
  local exited = nil
  vim.lsp.set_log_level('info') -- progress is logged as INFO; the script checks there is no ERROR

  local client_id = vim.lsp.start_client({
    name = 'budgetlint',
    cmd = { os.getenv('BUDGETLINT'), 'lsp', '-cache=' .. os.getenv('CACHE') },
    root_dir = root,
    handlers = {
      ['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
        if result.version ~= nil then published[result.uri] = true end
        return vim.lsp.diagnostic.on_publish_diagnostics(err, result, ctx, config)
      end,
    },
    on_exit = function(code) exited = code end,
  })
  assert(client_id, 'the client did not start')

  for _, name in ipairs(vim.split(os.getenv('ORDER'), ',')) do
    local path = root .. '/' .. name
    vim.cmd('edit ' .. vim.fn.fnameescape(path))
    local bufnr = vim.api.nvim_get_current_buf()
    vim.lsp.buf_attach_client(bufnr, client_id)
    local uri = vim.uri_from_bufnr(bufnr)
    if not vim.wait(120000, function() return published[uri] end, 20) then
      error('no diagnostics for ' .. name .. ' in 120 s')
    end
    local diags = vim.diagnostic.get(bufnr, { namespace = vim.lsp.diagnostic.get_namespace(client_id) })
    table.sort(diags, function(a, b) return a.lnum < b.lnum or a.lnum == b.lnum and a.col < b.col end)
    for _, d in ipairs(diags) do
      say(string.format('%s:%d:%d: %s (%s)', name, d.lnum + 1, d.col + 1, d.message, d.code))
    end
    if name == 'api/api.go' and #diags > 0 then
      local d = diags[1]
      local at = { line = d.lnum, character = d.col } -- ASCII: bytes are UTF-16 units
      local replies = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', {
        textDocument = { uri = uri },
        range = { start = at, ['end'] = at },
        context = { diagnostics = {} },
      }, 30000)
      for _, reply in pairs(replies or {}) do
        for _, action in ipairs(reply.result or {}) do say('fix: ' .. action.title) end
      end
    end
  end

  vim.lsp.stop_client(client_id)
  if not vim.wait(30000, function() return exited ~= nil end, 20) then
    error('the server did not exit in 30 s after shutdown')
  end
  say('exit ' .. exited)
end

local ok, err = pcall(main)
if not ok then say('error: ' .. tostring(err)) end
out:close()
vim.cmd(ok and 'qall!' or 'cquit 1')
